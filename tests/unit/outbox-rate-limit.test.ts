import 'fake-indexeddb/auto';
import { expect, it, vi } from 'vitest';
import { RATE_LIMIT_DEFAULT_WAIT_MS } from '../../src/lib/connection/outbox-sender';
import { setup } from './support/client-setup';

/** `error{rate_limited}` answering the `n`-th send on the current socket. */
function refuse(t: ReturnType<typeof setup>, n: number, retry_after_ms?: number) {
	const sent = t.sends(t.last())[n]!;
	t.last().receive({
		v: 1,
		type: 'error',
		id: sent.id,
		payload: {
			code: 'rate_limited',
			message: 'too many messages',
			...(retry_after_ms === undefined ? {} : { retry_after_ms })
		}
	});
}

it('keeps a rate-limited message, says so on it, and sends it again after the hinted delay', async () => {
	const t = setup();
	await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
	await t.handshake();
	await t.client.commands.send({ chat_id: 'default', text: 'one' });
	await vi.waitFor(() => expect(t.sends(t.last())).toHaveLength(1));
	refuse(t, 0, 2_000);
	await vi.waitFor(async () =>
		expect(await t.db.messages.get('local:uuid-2')).toMatchObject({
			status: 'sending',
			error: expect.stringContaining('retrying in 2 s')
		})
	);
	expect(await t.db.outbox.get('uuid-2')).toMatchObject({ state: 'queued', attempts: 0 });

	// Nothing goes out before the delay, not even a message sent meanwhile.
	await t.client.commands.send({ chat_id: 'default', text: 'two' });
	t.clock.advance(1_999);
	expect(t.sends(t.last())).toHaveLength(1);
	t.clock.advance(1);
	await vi.waitFor(() => expect(t.sends(t.last())).toHaveLength(3));
	expect(
		t
			.sends(t.last())
			.slice(1)
			.map((f) => f.payload.text)
	).toEqual(['one', 'two']);
});

it('waits a default delay when the gateway gives no hint, and never marks the message failed', async () => {
	const t = setup();
	await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
	await t.handshake();
	await t.client.commands.send({ chat_id: 'default', text: 'again and again' });
	for (let i = 0; i < 3; i++) {
		await vi.waitFor(() => expect(t.sends(t.last())).toHaveLength(i + 1));
		refuse(t, i);
		await vi.waitFor(async () => expect((await t.db.outbox.get('uuid-2'))?.state).toBe('queued'));
		t.clock.advance(RATE_LIMIT_DEFAULT_WAIT_MS);
	}
	await vi.waitFor(() => expect(t.sends(t.last())).toHaveLength(4));
	expect((await t.db.messages.get('local:uuid-2'))?.status).toBe('sending');
});
