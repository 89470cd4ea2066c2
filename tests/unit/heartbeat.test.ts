import { describe, expect, it } from 'vitest';
import { Heartbeat } from '../../src/lib/connection/heartbeat';
import { FakeClock } from './support/fake-clock';

function setup() {
	const clock = new FakeClock();
	const events: string[] = [];
	const hb = new Heartbeat({
		clock,
		onIdle: () => events.push(`ping@${clock.now()}`),
		onDead: () => events.push(`dead@${clock.now()}`)
	});
	return { clock, events, hb, t0: clock.now() };
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
});
