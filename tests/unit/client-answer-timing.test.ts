import { describe, expect, it, vi } from 'vitest';
import { setup } from './support/client-setup';
import { getMeta } from '../../src/lib/db/meta';

type Sent = { id?: number; type: string };

/**
 * A configured client whose handshake asked for a `sync` (frames now are its replay);
 * `syncDone(cursor)` ends the replay and waits until the cursor is stored.
 */
async function replaying() {
	const t = setup();
	await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
	await t.handshake({ replay: true });
	const s = t.last();
	const syncDone = async (cursor: number) => {
		const sync = (s.sent as Sent[]).find((f) => f.type === 'sync')!;
		s.receive({ v: 1, type: 'sync.done', id: sync.id, payload: { cursor } });
		await vi.waitFor(async () => expect(await getMeta(t.db, 'cursor')).toBe(cursor));
	};
	return { t, s, syncDone };
}

describe('IrisClient answer timing', () => {
	it('stores how soon and how fast an answer followed live came, and none for a replayed one', async () => {
		const { t, s, syncDone } = await replaying();
		// Frames replayed by the sync are not followed live.
		s.receive({ v: 1, type: 'message.start', chat_id: 'default', payload: { message_id: 'old' } });
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'old', text: 'was' } });
		s.receive({ v: 1, type: 'message.stop', payload: { message_id: 'old', tokens: 9 } });
		await syncDone(3);
		await vi.waitFor(async () => expect((await t.db.messages.get('old'))?.status).toBe('complete'));

		s.receive({ v: 1, type: 'message.start', chat_id: 'default', payload: { message_id: 'a' } });
		t.clock.advance(700);
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a', text: 'Hel' } });
		t.clock.advance(2000);
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a', text: 'Hello' } });
		s.receive({ v: 1, type: 'message.stop', payload: { message_id: 'a', tokens: 50 } });
		await vi.waitFor(async () =>
			expect((await t.db.messages.get('a'))?.timing).toEqual({
				first_text_ms: 700,
				stream_ms: 2000
			})
		);
		expect((await t.db.messages.get('old'))?.timing).toBeUndefined();

		// The gateway sends the answer again (a history page after a reload): the timing stays.
		s.receive({
			v: 1,
			type: 'history',
			chat_id: 'default',
			payload: {
				messages: [{ message_id: 'a', role: 'assistant', text: 'Hello', ts: 5, model: 'm' }],
				has_more: false
			}
		});
		await vi.waitFor(async () => expect((await t.db.messages.get('a'))?.model).toBe('m'));
		expect((await t.db.messages.get('a'))?.timing).toEqual({ first_text_ms: 700, stream_ms: 2000 });
	});

	it('leaves the time the agent said it waited for an approval out of the answer’s speed', async () => {
		const { t, s, syncDone } = await replaying();
		await syncDone(1);
		s.receive({ v: 1, type: 'message.start', chat_id: 'default', payload: { message_id: 'a' } });
		t.clock.advance(300);
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a', text: 'Deleting' } });
		t.clock.advance(1000);
		s.receive({
			v: 1,
			type: 'agent.busy',
			chat_id: 'default',
			payload: { reason: 'waiting_input' }
		});
		t.clock.advance(20_000); // under the heartbeat's idle time: the link stays up
		s.receive({ v: 1, type: 'agent.busy', chat_id: 'default', payload: { reason: 'processing' } });
		t.clock.advance(1000);
		s.receive({
			v: 1,
			type: 'message.update',
			payload: { message_id: 'a', text: 'Deleting. Done.' }
		});
		s.receive({ v: 1, type: 'message.stop', payload: { message_id: 'a', tokens: 40 } });
		await vi.waitFor(async () =>
			expect((await t.db.messages.get('a'))?.timing).toEqual({
				first_text_ms: 300,
				stream_ms: 2000
			})
		);
	});

	it('does not time an answer whose beginning a sync replayed (a reload mid-answer)', async () => {
		const { t, s, syncDone } = await replaying();
		s.receive({ v: 1, type: 'message.start', chat_id: 'default', payload: { message_id: 'a' } });
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a', text: 'word1 word2' } });
		await syncDone(2);
		// The rest of it live: its tokens came over more time than this device saw.
		t.clock.advance(1000);
		s.receive({
			v: 1,
			type: 'message.update',
			payload: { message_id: 'a', text: 'word1 word2 word3' }
		});
		t.clock.advance(1000);
		s.receive({ v: 1, type: 'message.stop', payload: { message_id: 'a', tokens: 100 } });
		await vi.waitFor(async () => expect((await t.db.messages.get('a'))?.status).toBe('complete'));
		expect((await t.db.messages.get('a'))?.timing).toBeUndefined();
	});
});
