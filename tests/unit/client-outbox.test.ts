/**
 * The worker client's outbox (doc/protocol.md "Sending messages without loss or duplicates"): a
 * message shown at once, sent with its client_msg_id, re-sent after a drop, failed on an error.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { setup } from './support/client-setup';
import { Backoff } from '../../src/lib/connection/backoff';

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

	it('a message sent into a link gone silent is sent again on the next link, not failed', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		await t.answerGapFill(1);
		const first = t.last();
		await t.client.commands.send({ chat_id: 'default', text: 'into the void' });
		await vi.waitFor(() => expect(t.sends(first)).toHaveLength(1));
		// Nothing comes back, and the browser says nothing (no offline, no close): 5 s after the
		// send the link is probed, 5 s later given up, before the request's 15 s timeout.
		t.clock.advance(5_000);
		await vi.waitFor(() => expect(first.sentTypes).toContain('ping'));
		t.clock.advance(5_000);
		await vi.waitFor(() => expect(first.closedWith).toBeDefined());
		t.clock.advance(new Backoff({ random: () => 1 }).next());
		await vi.waitFor(() => expect(t.sockets).toHaveLength(2));
		await t.handshake();
		await vi.waitFor(() => expect(t.sends(t.last())).toHaveLength(1));
		expect(t.sends(t.last())[0]!.payload.client_msg_id).toBe(
			t.sends(first)[0]!.payload.client_msg_id
		);
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
