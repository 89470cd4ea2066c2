/**
 * The worker client on a v3 gateway, the connection: nothing lost or doubled across a drop or an
 * early frame, pings and heartbeats, reconnect backoff, and a refused token.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SPEC } from './support/v3-spec-examples';
import { deleteHarnessStores, until, v3Harness } from './v3-client-harness';

afterEach(deleteHarnessStores);

describe('IrisClient on a v3 gateway', () => {
	it('a disconnect mid-stream loses nothing and duplicates nothing; unacked sends go again', async () => {
		const t = v3Harness();
		const session = await t.connect();
		const id = await t.client.commands.send({ chat_id: session, text: 'long' });
		await until(() => expect(t.v3(t.last())).toHaveLength(2));
		t.last().receive({ ...SPEC.stream, session, data: { text: 'part one, ' } });
		t.last().drop(1006);
		await until(() =>
			expect(t.events.at(-1)).toMatchObject({ type: 'status', status: { state: 'reconnecting' } })
		);
		// v3 backoff starts at 1 s (±20 %).
		t.clock.advance(1200);
		await until(() => expect(t.sockets).toHaveLength(2));
		await t.connect();
		// The message was written but never acked: re-sent once, same id.
		await until(() => expect(t.v3(t.last()).filter((f) => f.type === 'text')).toHaveLength(1));
		expect(t.v3(t.last())[0]).toMatchObject({ id, type: 'text' });
		// The gateway held the rest of the stream while we were away.
		t.last().receive({ ...SPEC.stream, session, data: { text: 'part two' } });
		t.last().receive({ ...SPEC.streamEnd, session });
		t.last().receive(SPEC.pong);
		await until(async () => {
			const rows = await t.db.messages.toArray();
			expect(rows.filter((r) => r.role === 'assistant').map((r) => [r.text, r.status])).toEqual([
				['part one, part two', 'complete']
			]);
			expect(rows.filter((r) => r.role === 'user').map((r) => r.message_id)).toEqual([id]);
		});
	});

	it('frames the gateway held arrive before the handshake is through: none is lost', async () => {
		const t = v3Harness();
		await t.client.commands.configure({ url: 'ws://gw/ws/app', token: 'secret' });
		await until(() => expect(t.sockets).toHaveLength(1));
		const s = t.last();
		s.open();
		// Delivered at once on open, while the adapter still reads the store for `hello.ack`.
		s.receive({ ...SPEC.textFromAgent, session: 'held-session' });
		await until(async () =>
			expect(await t.db.messages.get('msg_002')).toMatchObject({ chat_id: 'held-session' })
		);
	});

	it('answers pings from the server, and heartbeats with v3 ping after 30 s of silence', async () => {
		const t = v3Harness();
		await t.connect();
		t.last().receive(SPEC.ping);
		await until(() => expect(t.v3(t.last())).toContainEqual({ type: 'pong' }));
		t.clock.advance(30_000);
		await until(() => expect(t.v3(t.last())).toContainEqual({ type: 'ping' }));
		// 90 s without any frame: the link is dead and reconnects.
		t.clock.advance(60_000);
		await until(() => expect(t.last().closedWith).toBeDefined());
	});

	it('reconnects 1 → 2 → 4 → 8 → 30 s and starts again after a success', async () => {
		const t = v3Harness();
		// A plain GET of the socket URL answers 426: the gateway is there, the token is fine.
		vi.stubGlobal(
			'fetch',
			vi.fn(async () => new Response('', { status: 426 }))
		);
		try {
			await t.client.commands.configure({ url: 'ws://gw/ws/app', token: 'secret' });
			const delays: number[] = [];
			const dropAndWait = async () => {
				const seen = t.events.length;
				t.last().drop(1006);
				const retry = () =>
					t.events
						.slice(seen)
						.map((e) => (e.type === 'status' ? e.status.retry_in_ms : undefined))
						.find((ms) => ms !== undefined);
				await until(() => expect(retry()).toBeDefined());
				delays.push(retry()!);
				const before = t.sockets.length;
				t.clock.advance(retry()!);
				await until(() => expect(t.sockets.length).toBe(before + 1));
			};
			for (let i = 0; i < 6; i++) {
				// The link opens its socket, sends hello, and the adapter dials the gateway.
				await until(() => expect(t.sockets).toHaveLength(i + 1));
				await dropAndWait();
			}
			await t.connect();
			await dropAndWait();
			const steps = [1000, 2000, 4000, 8000, 30000, 30000, 1000];
			expect(delays).toHaveLength(steps.length);
			delays.forEach((d, i) =>
				expect(Math.abs(d - steps[i]!) / steps[i]!).toBeLessThanOrEqual(0.2)
			);
		} finally {
			vi.unstubAllGlobals();
		}
	});

	it('a refused token stops reconnecting (the gateway answers 401 to a plain GET)', async () => {
		const t = v3Harness();
		const fetchMock = vi.fn(async () => new Response('', { status: 401 }));
		vi.stubGlobal('fetch', fetchMock);
		try {
			await t.client.commands.configure({ url: 'ws://gw/ws/app', token: 'wrong' });
			await until(() => expect(t.sockets).toHaveLength(1));
			t.last().drop(1006);
			await until(() =>
				expect(t.events.at(-1)).toMatchObject({ status: { state: 'auth_failed' } })
			);
			// The token in a header, not in the URL (only the socket URL carries it).
			expect(fetchMock).toHaveBeenCalledWith('http://gw/ws/app', {
				headers: { authorization: 'Bearer wrong' }
			});
		} finally {
			vi.unstubAllGlobals();
		}
	});
});
