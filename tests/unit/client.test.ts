import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { setup } from './support/client-setup';
import { getMeta } from '../../src/lib/db/meta';
import { Backoff } from '../../src/lib/connection/backoff';
import { DEFAULT_EMIT_MS, DEFAULT_PERSIST_MS } from '../../src/lib/connection/stream';
import type { WorkerEvent } from '../../src/lib/bridge/contract';

describe('IrisClient outbox (doc/protocol.md "Sending messages without loss or duplicates")', () => {
	it('shows a message at once, sends it with a client_msg_id, and takes the server id on ack', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		await t.client.commands.send({ chat_id: 'default', text: 'hello' });
		expect((await t.db.messages.get('local:uuid-2'))?.status).toBe('sending');
		await vi.waitFor(() => expect(t.sends(t.last())).toHaveLength(1));
		const sent = t.sends(t.last())[0]!;
		expect(sent.payload).toEqual({ text: 'hello', client_msg_id: 'uuid-2' });
		// The ack: the echoed user message with the request id (no client_msg_id echoed).
		t.last().receive({
			v: 1,
			type: 'message',
			id: sent.id,
			chat_id: 'default',
			payload: { message_id: 'srv-1', role: 'user', text: 'hello', ts: 5 }
		});
		await vi.waitFor(async () => expect(await t.db.outbox.count()).toBe(0));
		expect(await t.db.messages.get('local:uuid-2')).toBeUndefined();
		expect(await t.db.messages.get('srv-1')).toMatchObject({
			status: 'complete',
			client_msg_id: 'uuid-2'
		});
	});

	it('queues while disconnected, re-sends an unacked message once, then marks it failed; retry sends again', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.client.commands.send({ chat_id: 'default', text: 'offline words' });
		expect(t.sends(t.last())).toHaveLength(0);

		await t.handshake();
		await vi.waitFor(() => expect(t.sends(t.last())).toHaveLength(1));
		t.last().drop();
		t.clock.advance(new Backoff({ random: () => 1 }).next());
		await t.handshake();
		await vi.waitFor(() => expect(t.sends(t.last())).toHaveLength(1));
		expect(t.sends(t.sockets[1]!)[0]!.payload.client_msg_id).toBe(
			t.sends(t.sockets[0]!)[0]!.payload.client_msg_id
		);

		t.last().drop();
		t.clock.advance(3000);
		await t.handshake();
		await vi.waitFor(async () =>
			expect((await t.db.messages.get('local:uuid-2'))?.status).toBe('failed')
		);
		expect(t.sends(t.last())).toHaveLength(0);

		await t.client.commands.retry('uuid-2');
		await vi.waitFor(() => expect(t.sends(t.last())).toHaveLength(1));
		expect((await t.db.messages.get('local:uuid-2'))?.status).toBe('sending');
	});

	it.each([
		['with the reason', 'unsupported', 'not here', 'not here'],
		[
			'saying in words that the channel is gone',
			'not_found',
			'unknown chat_id "default"',
			'this channel no longer exists on the gateway'
		]
	])(
		'a server error on message.send marks the message failed, %s',
		async (_, code, message, shown) => {
			const t = setup();
			await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
			await t.handshake();
			await t.client.commands.send({ chat_id: 'default', text: 'hello?' });
			await vi.waitFor(() => expect(t.sends(t.last())).toHaveLength(1));
			t.last().receive({
				v: 1,
				type: 'error',
				id: t.sends(t.last())[0]!.id,
				payload: { code, message }
			});
			await vi.waitFor(async () =>
				expect(await t.db.messages.get('local:uuid-2')).toMatchObject({
					status: 'failed',
					error: `Not delivered: ${shown}`
				})
			);
		}
	);
});

describe('IrisClient streaming', () => {
	it('sends coalesced text to the page and stores the final text at message.stop', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const s = t.last();
		s.receive({ v: 1, type: 'message.start', payload: { message_id: 'a1', role: 'assistant' } });
		for (const text of ['H', 'He', 'Hel', 'Hell']) {
			s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a1', text } });
		}
		t.clock.advance(DEFAULT_EMIT_MS);
		const streams = t.events.filter((e) => e.type === 'stream');
		expect(streams).toEqual([
			{ type: 'stream', updates: [{ message_id: 'a1', op: 'replace', text: 'Hell' }] }
		]);
		// A page subscribing mid-answer starts from what the others have, then gets the same appends.
		const late: WorkerEvent[] = [];
		t.client.subscribe((e) => late.push(e));
		expect(late.filter((e) => e.type === 'stream')).toEqual(streams);
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a1', text: 'Hello, w' } });
		t.clock.advance(DEFAULT_EMIT_MS);
		const append = {
			type: 'stream',
			updates: [{ message_id: 'a1', op: 'append', at: 4, text: 'o, w' }]
		};
		expect(t.events.filter((e) => e.type === 'stream').at(-1)).toEqual(append);
		expect(late.at(-1)).toEqual(append);
		s.receive({ v: 1, type: 'message.stop', payload: { message_id: 'a1', final_text: 'Hello' } });
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a1', text: 'Hel' } });
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('a1')).toMatchObject({ text: 'Hello', status: 'complete' })
		);
		t.clock.advance(1000);
		expect((await t.db.messages.get('a1'))?.text).toBe('Hello');
	});

	it('stores the text streamed so far as soon as the connection drops mid-answer', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const s = t.last();
		s.receive({ v: 1, type: 'message.start', payload: { message_id: 'a1', role: 'assistant' } });
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a1', text: 'Half an' } });
		await vi.waitFor(async () => expect(await t.db.messages.get('a1')).toBeDefined());
		// Well before the throttled write (DEFAULT_PERSIST_MS) is due.
		t.clock.advance(DEFAULT_EMIT_MS);
		expect((await t.db.messages.get('a1'))?.text ?? '').toBe('');
		s.drop();
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('a1')).toMatchObject({ text: 'Half an' })
		);
	});

	it('records a malformed frame as a diagnostic and keeps going', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		t.last().receive('{"v":1,"type":"message.update","payload":{"message_id":5}}');
		expect(t.client.diagnostics().at(-1)).toMatchObject({ kind: 'frame_invalid' });
		expect(t.events.some((e) => e.type === 'diagnostic')).toBe(true);
	});
});

describe('IrisClient sync, replay and bad input', () => {
	it('a replay of frames the app already has changes nothing and shows nothing twice', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const session = [
			{ v: 1, type: 'message', payload: { message_id: 'u1', role: 'user', text: 'hi', ts: 1 } },
			{ v: 1, type: 'message.start', payload: { message_id: 'a1', ts: 2 } },
			{ v: 1, type: 'message.update', payload: { message_id: 'a1', text: 'Hel' } },
			{ v: 1, type: 'message.stop', payload: { message_id: 'a1', final_text: 'Hello' } }
		];
		for (const f of session) t.last().receive(f);
		await vi.waitFor(async () => expect((await t.db.messages.get('a1'))?.status).toBe('complete'));
		const before = await t.db.messages.toArray();
		// Reconnect; the server replays the same frames (and one late update) after sync.
		t.last().drop();
		t.clock.advance(2000);
		await t.handshake();
		for (const f of session) t.last().receive(f);
		t.last().receive({
			v: 1,
			type: 'message.update',
			payload: { message_id: 'a1', text: 'Hello!' }
		});
		t.last().receive({ v: 1, type: 'sync.done', id: 2, payload: { cursor: 9 } });
		await vi.waitFor(async () => expect(await getMeta(t.db, 'cursor')).toBe(9));
		t.clock.advance(1000);
		expect(await t.db.messages.toArray()).toEqual(before);
	});

	it('ignores an older update arriving after a newer one, and any update after stop', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const s = t.last();
		s.receive({ v: 1, type: 'message.start', payload: { message_id: 'a2' } });
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a2', text: 'Hello wor' } });
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a2', text: 'Hello' } });
		t.clock.advance(DEFAULT_EMIT_MS);
		const texts = () =>
			t.events.flatMap((e) => (e.type === 'stream' ? e.updates.map((u) => u.text) : []));
		expect(texts()).toEqual(['Hello wor']);
		t.clock.advance(DEFAULT_PERSIST_MS);
		await vi.waitFor(async () => expect((await t.db.messages.get('a2'))?.text).toBe('Hello wor'));
		s.receive({ v: 1, type: 'message.stop', payload: { message_id: 'a2' } });
		s.receive({
			v: 1,
			type: 'message.update',
			payload: { message_id: 'a2', text: 'Hello world!' }
		});
		t.clock.advance(1000);
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('a2')).toMatchObject({ text: 'Hello wor', status: 'complete' })
		);
		expect(texts()).toEqual(['Hello wor']);
	});

	it('asks every channel for its newest history page after sync.done (gap fill)', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		t.last().receive({ v: 1, type: 'sync.done', id: 2, payload: { cursor: 3 } });
		await vi.waitFor(() => expect(t.last().sentTypes).toContain('history'));
		const history = t.last().sent.find((f) => f.type === 'history') as {
			id: number;
			chat_id: string;
		};
		expect(history.chat_id).toBe('default');
		// The page fills a gap: a message the replay did not have.
		t.last().receive({
			v: 1,
			type: 'history',
			id: history.id,
			chat_id: 'default',
			payload: { messages: [{ message_id: 'old1', role: 'assistant', text: 'from before', ts: 5 }] }
		});
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('old1')).toMatchObject({ text: 'from before' })
		);
	});

	it('after a reconnect, closes an answer the gateway no longer runs as cut off, keeping its text', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const start = (message_id: string, chat_id: string) => {
			t.last().receive({ v: 1, type: 'message.start', chat_id, payload: { message_id } });
			t.last().receive({
				v: 1,
				type: 'message.update',
				chat_id,
				payload: { message_id, text: `half of ${message_id}` }
			});
		};
		t.last().receive({
			v: 1,
			type: 'channel.created',
			payload: { chat_id: 'c2', name: 'Other', kind: 'channel' }
		});
		start('a1', 'default');
		start('a2', 'c2');
		await vi.waitFor(async () => expect(await t.db.messages.count()).toBe(2));
		t.last().drop();
		t.clock.advance(2000);
		await t.handshake();
		// The gateway restarted: it replays nothing (the handshake's `sync.done`) and runs a turn
		// only in c2.
		t.last().receive({ v: 1, type: 'agent.busy', chat_id: 'c2', payload: { reason: 'tool' } });
		await t.answerGapFill(2);
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('a1')).toMatchObject({
				status: 'complete',
				interrupted: true,
				text: 'half of a1'
			})
		);
		// The busy channel's answer stays open; its stop arrives later and closes it normally.
		expect(await t.db.messages.get('a2')).toMatchObject({ status: 'streaming' });
		expect(t.client.diagnostics().at(-1)?.message).toContain('a1 was cut off');
		t.last().receive({ v: 1, type: 'message.stop', chat_id: 'c2', payload: { message_id: 'a2' } });
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('a2')).toMatchObject({
				status: 'complete',
				text: 'half of a2'
			})
		);
		expect((await t.db.messages.get('a2'))?.interrupted).toBeUndefined();
	});

	it('a turn running when the link dropped does not keep its answer open after a restart', async () => {
		const t = setup();
		const busy: boolean[] = [];
		t.client.subscribe((e) => {
			if (e.type === 'activity' && e.activity.chat_id === 'default') busy.push(e.activity.busy);
		});
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		t.last().receive({ v: 1, type: 'agent.busy', chat_id: 'default', payload: {} });
		t.last().receive({
			v: 1,
			type: 'message.start',
			chat_id: 'default',
			payload: { message_id: 'a1' }
		});
		t.last().receive({
			v: 1,
			type: 'message.update',
			chat_id: 'default',
			payload: { message_id: 'a1', text: 'half of a1' }
		});
		await vi.waitFor(async () => expect(await t.db.messages.count()).toBe(1));
		t.last().drop();
		// While the link is down the agent is not shown as working.
		expect(busy.at(-1)).toBe(false);
		t.clock.advance(2000);
		await t.handshake();
		// Restarted without its state: nothing replayed (the handshake's `sync.done`), no
		// `agent.busy`.
		await t.answerGapFill(1);
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('a1')).toMatchObject({ status: 'complete', interrupted: true })
		);
	});

	it('the end of a later turn closes an answer left open in its channel as cut off', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const frame = (type: string, payload: object) =>
			t.last().receive({ v: 1, type, chat_id: 'default', payload } as never);
		// a1 streams; the gateway forgets it (a restart whose reconnect found the channel busy).
		frame('message.start', { message_id: 'a1' });
		frame('message.update', { message_id: 'a1', text: 'half of a1' });
		// The next turn runs and ends.
		frame('agent.busy', { reason: 'processing' });
		frame('message.start', { message_id: 'a2' });
		frame('message.update', { message_id: 'a2', text: 'all of a2' });
		frame('message.stop', { message_id: 'a2' });
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('a2')).toMatchObject({ status: 'complete' })
		);
		expect(await t.db.messages.get('a1')).toMatchObject({ status: 'streaming' });
		frame('agent.idle', {});
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('a1')).toMatchObject({
				status: 'complete',
				interrupted: true,
				text: 'half of a1'
			})
		);
		expect((await t.db.messages.get('a2'))?.interrupted).toBeUndefined();
	});

	it('stores text well-formed: lone surrogates become U+FFFD, a split pair waits for its half', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const s = t.last();
		s.receive({ v: 1, type: 'message.start', payload: { message_id: 'a3' } });
		s.receive('{"v":1,"type":"message.update","payload":{"message_id":"a3","text":"hi \\ud83d"}}');
		t.clock.advance(DEFAULT_EMIT_MS);
		expect(t.events.filter((e) => e.type === 'stream').at(-1)).toEqual({
			type: 'stream',
			updates: [{ message_id: 'a3', op: 'replace', text: 'hi ' }]
		});
		s.receive(
			'{"v":1,"type":"message.stop","payload":{"message_id":"a3","final_text":"hi \\ud83d\\ude00 \\udc00"}}'
		);
		await vi.waitFor(async () =>
			expect((await t.db.messages.get('a3'))?.text).toBe('hi \u{1F600} \uFFFD')
		);
	});

	it('a send run twice with the same client_msg_id queues one message', async () => {
		const t = setup();
		await t.client.commands.send({ chat_id: 'default', text: 'once', client_msg_id: 'c-1' });
		await t.client.commands.send({ chat_id: 'default', text: 'once', client_msg_id: 'c-1' });
		expect(await t.db.outbox.count()).toBe(1);
		expect(await t.db.messages.where('client_msg_id').equals('c-1').count()).toBe(1);
	});

	it('reports a store failure once as a storage event (no retry storm)', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		// The sync unanswered: no store work of the catch-up's own after the store closes.
		await t.handshake({ replay: true });
		t.db.close();
		for (let i = 0; i < 3; i++) {
			await expect(t.client.commands.send({ chat_id: 'default', text: `x${i}` })).rejects.toThrow();
		}
		expect(t.events.filter((e) => e.type === 'storage')).toHaveLength(1);
		expect(t.client.diagnostics().filter((d) => d.kind === 'storage')).toHaveLength(3);
	});
});

describe('IrisClient push registration (doc/protocol.md "Push")', () => {
	it('sends fcm.register on the open link and puts the registration in every later hello', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const token = JSON.stringify({ endpoint: 'https://push.example/abc', keys: {} });
		await t.client.commands.registerPush({ via: 'fcm', fcm_token: token });
		expect(t.last().sent.find((f) => f.type === 'fcm.register')).toMatchObject({
			payload: { fcm_token: token }
		});
		expect(await getMeta(t.db, 'push')).toEqual({ via: 'fcm', fcm_token: token });

		t.last().drop();
		t.clock.advance(3000);
		t.last().open();
		expect(t.last().sent[0]).toMatchObject({
			type: 'hello',
			payload: { caps: { push: 'fcm' }, fcm_token: token }
		});

		t.last().receive({
			v: 1,
			type: 'hello.ack',
			id: 1,
			payload: { sync_cursor: 0, server_caps: { push: 'fcm', vapid_public_key: 'K' } }
		});
		await vi.waitFor(async () =>
			expect(await getMeta(t.db, 'server_caps')).toEqual({ push: 'fcm', vapid_public_key: 'K' })
		);
		await t.client.commands.registerPush({
			via: 'ntfy',
			ntfy_topic: 'iris-me',
			ntfy_server: 'https://ntfy.example'
		});
		await t.client.commands.registerPush(null);
		expect(
			t
				.last()
				.sent.filter((f) => f.type === 'fcm.register')
				.map((f) => f.payload)
		).toEqual([{ ntfy_topic: 'iris-me' }, {}]);
		expect(await getMeta(t.db, 'push')).toBeUndefined();
	});
});

describe('IrisClient leaving a gateway for another (doc/storage.md "One store per gateway")', () => {
	it('unregisters push, waits for the answer, closes the link and keeps the pairing', async () => {
		const t = setup();
		const gateway = { url: 'ws://gw/ws', token: 'x' };
		await t.client.commands.configure(gateway);
		await t.handshake();
		await t.client.commands.registerPush({
			via: 'ntfy',
			ntfy_topic: 'iris-me',
			ntfy_server: 'https://ntfy.example'
		});
		const socket = t.last();
		const left = t.client.commands.leave();
		const registers = () => socket.sent.filter((f) => f.type === 'fcm.register');
		await vi.waitFor(() =>
			expect(registers().map((f) => f.payload)).toEqual([{ ntfy_topic: 'iris-me' }, {}])
		);
		expect(socket.closedWith).toBeUndefined();
		const request = registers().at(-1)!;
		socket.receive({ v: 1, type: 'status', id: request.id, payload: { state: 'online' } });
		await left;
		expect(socket.closedWith).toBeDefined();
		expect(t.sockets).toHaveLength(1);
		expect(await getMeta(t.db, 'push')).toBeUndefined();
		expect(await getMeta(t.db, 'gateway')).toEqual(gateway);
	});
	it('waits for a handshake still running before it unregisters', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		await t.client.commands.registerPush({
			via: 'ntfy',
			ntfy_topic: 'iris-me',
			ntfy_server: 'https://ntfy.example'
		});
		t.last().drop();
		t.clock.advance(3000);
		const left = t.client.commands.leave();
		// Past the unregistration's store write: the gateway is not connected yet.
		await vi.waitFor(async () => expect(await getMeta(t.db, 'push')).toBeUndefined());
		expect(t.last().sent.filter((f) => f.type === 'fcm.register')).toEqual([]);
		await t.handshake();
		await vi.waitFor(() =>
			expect(
				t
					.last()
					.sent.filter((f) => f.type === 'fcm.register')
					.map((f) => f.payload)
			).toEqual([{}])
		);
		t.clock.advance(3000);
		await left;
		expect(t.last().closedWith).toBeDefined();
	});
});

describe('IrisClient turn anatomy', () => {
	it('keeps streamed reasoning hot, persists it throttled, and keeps it at message.stop', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const s = t.last();
		for (const reasoning of ['I', 'I think', 'I think so']) {
			s.receive({
				v: 1,
				type: 'message.update',
				payload: { message_id: 'r1', text: '', reasoning }
			});
		}
		t.clock.advance(DEFAULT_EMIT_MS);
		expect(t.events.filter((e) => e.type === 'reasoning')).toEqual([
			{ type: 'reasoning', updates: [{ message_id: 'r1', op: 'replace', text: 'I think so' }] }
		]);
		// A page subscribing mid-reasoning starts from what the others have.
		const late: WorkerEvent[] = [];
		t.client.subscribe((e) => late.push(e));
		expect(late.filter((e) => e.type === 'reasoning')).toEqual([
			{ type: 'reasoning', updates: [{ message_id: 'r1', op: 'replace', text: 'I think so' }] }
		]);
		t.clock.advance(DEFAULT_PERSIST_MS);
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('r1')).toMatchObject({
				status: 'streaming',
				reasoning: 'I think so'
			})
		);
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'r1', text: 'Yes.' } });
		s.receive({ v: 1, type: 'message.stop', payload: { message_id: 'r1' } });
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('r1')).toMatchObject({
				status: 'complete',
				text: 'Yes.',
				reasoning: 'I think so'
			})
		);
	});

	it('stores tool and picker frames, and answers a picker over the link once', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const s = t.last();
		s.receive({ v: 1, type: 'message.start', payload: { message_id: 'a1' } });
		s.receive({ v: 1, type: 'tool.start', payload: { index: 0, name: 'grep' } });
		s.receive({ v: 1, type: 'picker.confirm', payload: { picker_id: 'p1', title: 'Sure?' } });
		await vi.waitFor(async () => expect(await t.db.pickers.get('p1')).toBeDefined());
		expect(await t.db.parts.get(['a1', 'tool:0'])).toMatchObject({ name: 'grep' });

		const answered = t.client.commands.selectPicker({
			picker_id: 'p1',
			value: 'yes',
			label: 'Confirm'
		});
		await vi.waitFor(() => expect(s.sentTypes).toContain('picker.select'));
		const select = s.sent.find((f) => f.type === 'picker.select') as { id: number };
		s.receive({ v: 1, type: 'agent.busy', id: select.id, payload: { reason: 'processing' } });
		await answered;
		expect(await t.db.pickers.get('p1')).toMatchObject({
			state: 'answered',
			answer: { value: 'yes', label: 'Confirm' }
		});
		await t.client.commands.selectPicker({ picker_id: 'p1', value: 'no', label: 'Cancel' });
		expect(s.sentTypes.filter((type) => type === 'picker.select')).toHaveLength(1);
	});
});
