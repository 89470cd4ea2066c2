import { describe, expect, it } from 'vitest';
import { ConnectionManager } from '../../src/lib/connection/manager';
import { Backoff } from '../../src/lib/connection/backoff';
import type { ConnectionStatus } from '../../src/lib/bridge/contract';
import type { ProtocolError } from '../../src/lib/protocol/iris/codec';
import { FakeClock } from './support/fake-clock';
import { FakeSocket } from './support/fake-socket';

const CONFIG = { url: 'ws://gw.test/ws', token: 't0ken' };
const HELLO = { device_id: 'dev-1', device_name: 'test', caps: { min_protocol: 1 } };
const ACK = { v: 1, type: 'hello.ack', id: 1, payload: { sync_cursor: 0, channels: [] } };

function setup(online = true) {
	const clock = new FakeClock();
	const sockets: FakeSocket[] = [];
	const statuses: ConnectionStatus[] = [];
	const invalid: ProtocolError[] = [];
	const log = { ready: 0, down: 0, online };
	const manager = new ConnectionManager(
		{
			clock,
			createSocket: (url) => {
				const s = new FakeSocket(url);
				sockets.push(s);
				return s;
			},
			isOnline: () => log.online,
			backoff: new Backoff({ random: () => 0.5 })
		},
		{
			onStatus: (s) => statuses.push(s),
			onReady: () => log.ready++,
			onFrame: () => {},
			onInvalid: (e) => invalid.push(e),
			onDown: () => log.down++
		}
	);
	const last = () => sockets[sockets.length - 1]!;
	const state = () => statuses[statuses.length - 1]?.state;
	return { clock, sockets, statuses, invalid, log, manager, last, state };
}

describe('ConnectionManager', () => {
	it('sends hello first and nothing else, and is connected on hello.ack', () => {
		const t = setup();
		t.manager.configure(CONFIG, HELLO);
		expect(t.state()).toBe('connecting');
		t.last().open();
		expect(t.last().sent).toEqual([
			{ v: 1, type: 'hello', id: 1, payload: { ...HELLO, token: 't0ken' } }
		]);
		t.last().receive(ACK);
		expect(t.state()).toBe('connected');
		expect(t.log.ready).toBe(1);
		expect(t.manager.link).not.toBeNull();
	});

	it('reconnects with 1 s, 2 s, 4 s backoff and resets after hello.ack', () => {
		const t = setup();
		t.manager.configure(CONFIG, HELLO);
		t.last().open();
		t.last().receive(ACK);
		t.last().drop();
		expect(t.log.down).toBe(1);
		expect(t.statuses.at(-1)).toMatchObject({ state: 'reconnecting', retry_in_ms: 1000 });
		for (const delay of [1000, 2000, 4000]) {
			const before = t.sockets.length;
			t.clock.advance(delay - 1);
			expect(t.sockets.length).toBe(before);
			t.clock.advance(1);
			expect(t.sockets.length).toBe(before + 1);
			t.last().drop();
		}
		t.clock.advance(8000);
		t.last().open();
		t.last().receive(ACK);
		t.last().drop();
		expect(t.statuses.at(-1)).toMatchObject({ state: 'reconnecting', retry_in_ms: 1000 });
	});

	it('stops after error{code:"auth"} and never reconnects', () => {
		const t = setup();
		t.manager.configure(CONFIG, HELLO);
		t.last().open();
		t.last().receive({
			v: 1,
			type: 'error',
			id: 1,
			payload: { code: 'auth', message: 'bad token' }
		});
		expect(t.state()).toBe('auth_failed');
		expect(t.last().closedWith).toBe(4001);
		t.clock.advance(10 * 60_000);
		t.manager.wake();
		expect(t.sockets).toHaveLength(1);
	});

	it('treats a 4001 close before hello.ack as a refused token', () => {
		const t = setup();
		t.manager.configure(CONFIG, HELLO);
		t.last().open();
		t.last().drop(4001, 'auth');
		expect(t.state()).toBe('auth_failed');
		t.clock.advance(60_000);
		expect(t.sockets).toHaveLength(1);
	});

	it('configuring the same gateway again after a refusal retries; unpairing closes', () => {
		const t = setup();
		t.manager.configure(CONFIG, HELLO);
		t.last().open();
		t.last().drop(4001);
		t.manager.configure({ ...CONFIG }, HELLO);
		expect(t.sockets).toHaveLength(2);
		t.manager.configure(null, HELLO);
		expect(t.state()).toBe('unpaired');
		expect(t.last().closedWith).toBe(1000);
	});

	it('wake() retries at once instead of waiting out the backoff', () => {
		const t = setup();
		t.manager.configure(CONFIG, HELLO);
		t.last().drop();
		t.last();
		expect(t.sockets).toHaveLength(1);
		t.manager.wake();
		expect(t.sockets).toHaveLength(2);
		t.clock.advance(1000);
		expect(t.sockets).toHaveLength(2);
	});

	it('wake() with a ready link pings it, and reconnects when nothing answers within 5 s', () => {
		const t = setup();
		t.manager.configure(CONFIG, HELLO);
		t.last().open();
		t.last().receive(ACK);
		// Answered: the link stays.
		t.manager.wake();
		expect(t.last().sent.at(-1)).toMatchObject({ type: 'ping' });
		t.clock.advance(1000);
		t.last().receive({ v: 1, type: 'pong', payload: {} });
		t.clock.advance(10_000);
		expect(t.state()).toBe('connected');
		expect(t.sockets).toHaveLength(1);
		// Unanswered (the network under it went away without a close): down after 5 s, not 90.
		t.manager.wake();
		t.clock.advance(4999);
		expect(t.state()).toBe('connected');
		t.clock.advance(1);
		expect(t.state()).toBe('reconnecting');
		expect(t.log.down).toBe(1);
	});

	it('checkLink() (the network went away) retries nothing while a reconnect is pending', () => {
		const t = setup();
		t.manager.configure(CONFIG, HELLO);
		t.last().drop();
		t.log.online = false;
		t.manager.checkLink();
		expect(t.sockets).toHaveLength(1);
		expect(t.state()).toBe('reconnecting');
	});

	it('waits for the browser to be online, then connects on wake()', () => {
		const t = setup(false);
		t.manager.configure(CONFIG, HELLO);
		// Just "Offline": no reason that repeats it ("Offline — The browser is offline").
		expect(t.statuses.at(-1)).toEqual({ state: 'offline' });
		expect(t.sockets).toHaveLength(0);
		t.clock.advance(60_000);
		expect(t.sockets).toHaveLength(0);
		t.log.online = true;
		t.manager.wake();
		expect(t.sockets).toHaveLength(1);
	});

	it('notices the browser is back online without an event (looks every 2 s)', () => {
		const t = setup(false);
		t.manager.configure(CONFIG, HELLO);
		t.clock.advance(10_000);
		expect(t.sockets).toHaveLength(0);
		t.log.online = true;
		t.clock.advance(2000);
		expect(t.sockets).toHaveLength(1);
	});

	it('tries on wake() even while isOnline() lags behind (navigator.onLine in a worker)', () => {
		const t = setup(false);
		t.manager.configure(CONFIG, HELLO);
		expect(t.state()).toBe('offline');
		t.manager.wake();
		expect(t.sockets).toHaveLength(1);
		expect(t.state()).toBe('connecting');
	});

	it('pings after 30 s idle and reconnects after 90 s without a frame', () => {
		const t = setup();
		t.manager.configure(CONFIG, HELLO);
		t.last().open();
		t.last().receive(ACK);
		t.clock.advance(30_000);
		expect(t.last().sentTypes).toEqual(['hello', 'ping']);
		t.clock.advance(60_000);
		expect(t.state()).toBe('reconnecting');
		t.clock.advance(1000);
		expect(t.sockets).toHaveLength(2);
	});

	it('records a malformed frame and keeps the link', () => {
		const t = setup();
		t.manager.configure(CONFIG, HELLO);
		t.last().open();
		t.last().receive(ACK);
		t.last().receive('{not json');
		t.last().receive({ v: 7, type: 'message' });
		expect(t.invalid.map((e) => e.kind)).toEqual(['json', 'version']);
		expect(t.state()).toBe('connected');
	});
});
