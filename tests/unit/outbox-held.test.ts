import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { setup } from './support/client-setup';

describe('a message sent while the agent is busy (doc/protocol.md "Stop and steer")', () => {
	it('waits in the outbox until the turn ends, so it can still be cancelled, then goes out', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		t.last().receive({ v: 1, type: 'agent.busy', chat_id: 'default', payload: {} });
		await t.client.commands.send({ chat_id: 'default', text: 'drop me' });
		await t.client.commands.send({ chat_id: 'default', text: 'after the turn' });
		// Another channel is not held by this one's turn.
		await t.client.commands.send({ chat_id: 'other', text: 'elsewhere' });
		await vi.waitFor(() => expect(t.sends(t.last())).toHaveLength(1));
		expect(t.sends(t.last())[0]!.payload.text).toBe('elsewhere');
		expect(await t.client.commands.cancelMessage('uuid-2')).not.toBe('sent');
		t.last().receive({ v: 1, type: 'agent.idle', chat_id: 'default', payload: {} });
		await vi.waitFor(() => expect(t.sends(t.last())).toHaveLength(2));
		expect(t.sends(t.last()).map((f) => f.payload.text)).toEqual(['elsewhere', 'after the turn']);
	});
});
