import { describe, expect, it } from 'vitest';
import { Heartbeat } from '../../src/lib/connection/heartbeat';
import { FakeClock } from './support/fake-clock';

/** A heartbeat on fake time whose pings and deaths are logged in `events`; `mayProbe` as given. */
function setup(mayProbe?: () => boolean) {
	const clock = new FakeClock();
	const events: string[] = [];
	const hb = new Heartbeat({
		clock,
		onIdle: () => events.push(`ping@${clock.now()}`),
		onDead: () => events.push(`dead@${clock.now()}`),
		...(mayProbe ? { mayProbe } : {})
	});
	return { clock, events, hb, t0: clock.now() };
}

/** A heartbeat started 10 s ago and probed now (its ping sent at t0 + 10 s). */
function probedAt10s() {
	const t = setup();
	t.hb.start();
	t.clock.advance(10_000);
	t.hb.probe();
	return t;
}

describe('Heartbeat (doc/protocol.md: ping after 30 s idle, dead after 90 s silent)', () => {
	it('pings every 30 s of silence and declares the link dead at 90 s', () => {
		const { clock, events, hb, t0 } = setup();
		hb.start();
		clock.advance(29_999);
		expect(events).toEqual([]);
		clock.advance(1);
		expect(events).toEqual([`ping@${t0 + 30_000}`]);
		clock.advance(60_000);
		expect(events).toEqual([`ping@${t0 + 30_000}`, `ping@${t0 + 60_000}`, `dead@${t0 + 90_000}`]);
		clock.advance(100_000);
		expect(events).toHaveLength(3);
	});

	it('traffic pushes both deadlines back', () => {
		const { clock, events, hb, t0 } = setup();
		hb.start();
		clock.advance(25_000);
		hb.seen();
		clock.advance(25_000);
		expect(events).toEqual([]);
		clock.advance(5_000);
		expect(events).toEqual([`ping@${t0 + 55_000}`]);
	});

	it('stop() cancels every timer', () => {
		const { clock, events, hb } = setup();
		hb.start();
		hb.stop();
		clock.advance(200_000);
		expect(events).toEqual([]);
		expect(clock.pending).toBe(0);
	});

	it('a probe pings now; the link is dead if nothing arrives within 5 s of it', () => {
		const { clock, events, hb, t0 } = probedAt10s();
		expect(events).toEqual([`ping@${t0 + 10_000}`]);
		clock.advance(2000);
		hb.probe(); // one probe at a time: its deadline stands
		expect(events).toHaveLength(1);
		clock.advance(2999);
		expect(events).toHaveLength(1);
		clock.advance(1);
		expect(events).toEqual([`ping@${t0 + 10_000}`, `dead@${t0 + 15_000}`]);
		expect(clock.pending).toBe(0);
	});

	it('a probe answered keeps the usual deadlines', () => {
		const { clock, events, hb, t0 } = probedAt10s();
		clock.advance(100);
		hb.seen();
		clock.advance(29_999);
		expect(events).toEqual([`ping@${t0 + 10_000}`]);
		clock.advance(1);
		expect(events).toEqual([`ping@${t0 + 10_000}`, `ping@${t0 + 40_100}`]);
		// Another probe later works as the first did.
		hb.probe();
		clock.advance(5000);
		expect(events.at(-1)).toBe(`dead@${t0 + 45_100}`);
	});

	it('a probe after an answered one is a probe of its own, even before the first one’s deadline', () => {
		const { clock, events, hb, t0 } = probedAt10s();
		clock.advance(100);
		hb.seen();
		clock.advance(1900);
		hb.probe(); // the network went away after the answer
		expect(events).toEqual([`ping@${t0 + 10_000}`, `ping@${t0 + 12_000}`]);
		clock.advance(5000);
		expect(events.at(-1)).toBe(`dead@${t0 + 17_000}`);
	});
});

describe('Heartbeat.expect (a request went out)', () => {
	it('nothing at all within 5 s: a probe, and the link is dead 5 s later', () => {
		const { clock, events, hb, t0 } = setup();
		hb.start();
		clock.advance(1_000);
		hb.expect();
		clock.advance(4_999);
		expect(events).toEqual([]);
		clock.advance(1);
		expect(events).toEqual([`ping@${t0 + 6_000}`]);
		clock.advance(5_000);
		expect(events).toEqual([`ping@${t0 + 6_000}`, `dead@${t0 + 11_000}`]);
	});

	it('any frame after the request: no probe, the usual deadlines', () => {
		const { clock, events, hb, t0 } = setup();
		hb.start();
		hb.expect();
		clock.advance(300);
		hb.seen();
		clock.advance(20_000);
		expect(events).toEqual([]);
		clock.advance(10_000);
		expect(events).toEqual([`ping@${t0 + 30_300}`]);
	});

	it('a request while an earlier one waits keeps the first deadline; one after a frame starts anew', () => {
		const { clock, events, hb, t0 } = setup();
		hb.start();
		hb.expect();
		clock.advance(3_000);
		hb.expect();
		clock.advance(2_000);
		expect(events).toEqual([`ping@${t0 + 5_000}`]);
		hb.seen();
		clock.advance(1_000);
		hb.expect();
		clock.advance(5_000);
		expect(events).toEqual([`ping@${t0 + 5_000}`, `ping@${t0 + 11_000}`]);
	});

	it('one ping, not two, when the probe falls on an idle ping’s round', () => {
		const { clock, events, hb, t0 } = setup();
		hb.start();
		clock.advance(25_000);
		hb.expect();
		clock.advance(5_000);
		expect(events).toEqual([`ping@${t0 + 30_000}`]);
	});

	it('no probe while an upload is still being sent: the usual deadlines hold', () => {
		let uploading = true;
		const { clock, events, hb, t0 } = setup(() => !uploading);
		hb.start();
		hb.expect();
		clock.advance(10_000);
		expect(events).toEqual([]);
		uploading = false;
		clock.advance(20_000);
		expect(events).toEqual([`ping@${t0 + 30_000}`]);
	});
});
