/**
 * A link that nothing comes back on after a request (connection/heartbeat.ts `expect`): probed
 * and given up in ~10 s, except behind a media transfer, whose answer follows its bytes.
 */
import { describe, expect, it } from 'vitest';
import { Link, type LinkClosed } from '../../src/lib/connection/link';
import { FakeClock } from './support/fake-clock';
import { FakeSocket } from './support/fake-socket';

function readyLink() {
	const clock = new FakeClock();
	let socket: FakeSocket | undefined;
	const closed: LinkClosed[] = [];
	const link = new Link(
		'ws://gw/ws',
		{ token: 't', device_id: 'd' },
		{ clock, createSocket: (url) => (socket = new FakeSocket(url)) },
		{ onReady: () => {}, onFrame: () => {}, onInvalid: () => {}, onClosed: (c) => closed.push(c) }
	);
	socket!.open();
	socket!.receive({ v: 1, type: 'hello.ack', id: 1, payload: { sync_cursor: 0, channels: [] } });
	const pings = () => socket!.sent.filter((f) => f.type === 'ping').length;
	return { clock, socket: socket!, closed, link, pings };
}

describe('Link: a request on a silent link', () => {
	it('nothing after a request: a ping at 5 s, the link closed at 10 s', () => {
		const t = readyLink();
		expect(t.link.ready).toBe(true);
		t.link.request({ type: 'commands.catalog', payload: {} }).answer.catch(() => {});
		t.clock.advance(5_000);
		expect(t.pings()).toBe(1);
		t.clock.advance(5_000);
		expect(t.closed).toHaveLength(1);
	});

	it('an upload started and silent until its end is not probed, nor is a request behind it', () => {
		const t = readyLink();
		const upload = t.link.request(
			{
				type: 'media.upload.start',
				payload: { media_ref: 'r', kind: 'image', mime: 'image/png', size: 3_000_000 }
			},
			{ timeoutMs: 120_000 }
		);
		upload.answer.catch(() => {});
		t.link.request({ type: 'commands.catalog', payload: {} }).answer.catch(() => {});
		expect(t.socket.sent.map((f) => f.type)).toEqual([
			'hello',
			'media.upload.start',
			'commands.catalog'
		]);
		t.clock.advance(29_000);
		expect(t.pings()).toBe(0);
		expect(t.closed).toHaveLength(0);
	});
});
