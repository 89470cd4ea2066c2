import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { IrisDB } from '../../src/lib/db/schema';
import { applyFrames, noChanges } from '../../src/lib/db/apply';
import type { ServerFrame } from '../../src/lib/protocol/iris/frames';

let n = 0;
const dbs: IrisDB[] = [];
function freshDb(): IrisDB {
	const db = new IrisDB(`message-run-test-${++n}`);
	dbs.push(db);
	return db;
}
afterEach(async () => {
	for (const db of dbs.splice(0)) await db.delete();
});

const f = (frame: Omit<ServerFrame, 'v'>): ServerFrame => ({ v: 1, ...frame }) as ServerFrame;

/** Two turns in two channels as a `sync` replays them, with the store's frames in between. */
const REPLAY: ServerFrame[] = [
	f({
		type: 'message',
		chat_id: 'c',
		payload: { message_id: 'u1', role: 'user', text: 'hi', ts: 10, client_msg_id: 'k1' }
	}),
	f({ type: 'message.start', chat_id: 'c', payload: { message_id: 'a1', ts: 11 } }),
	f({ type: 'tool.start', chat_id: 'c', payload: { index: 0, name: 'read_file' } }),
	f({ type: 'picker.approval', chat_id: 'c', payload: { picker_id: 'p1', command: 'ls' } }),
	f({ type: 'message.stop', chat_id: 'c', payload: { message_id: 'a1', final_text: 'one' } }),
	f({ type: 'message.start', chat_id: 'd', payload: { message_id: 'b1', ts: 12 } }),
	f({
		type: 'message',
		chat_id: 'd',
		payload: { message_id: 'u2', role: 'user', text: 'and you?', ts: 13, client_msg_id: 'k2' }
	}),
	// An answer replayed twice, the second copy with more fields.
	f({ type: 'message', chat_id: 'd', payload: { message_id: 'a2', text: 'two', ts: 14 } }),
	f({
		type: 'message',
		chat_id: 'd',
		payload: { message_id: 'a2', text: 'two!', ts: 14, model: 'm', tokens: 3 }
	}),
	f({ type: 'message.stop', chat_id: 'd', payload: { message_id: 'b1', reasoning: 'why' } }),
	f({ type: 'message.start', chat_id: 'c', payload: { message_id: 'a3', ts: 15 } }),
	f({ type: 'commentary', chat_id: 'c', payload: { text: 'Thinking.' } }),
	f({
		type: 'history',
		chat_id: 'e',
		payload: {
			messages: [
				{ message_id: 'h1', role: 'user', text: 'old', ts: 1 },
				{ message_id: 'h2', text: 'older answer', ts: 2 }
			]
		}
	}),
	f({ type: 'channel.deleted', payload: { chat_id: 'e' } }),
	f({ type: 'message', chat_id: 'e', payload: { message_id: 'h3', text: 'after', ts: 3 } }),
	f({ type: 'sync.done', payload: { cursor: 9 } })
];

/** A store holding this device's own unsent copies of the two user messages. */
async function seeded(): Promise<IrisDB> {
	const db = freshDb();
	await db.messages.bulkPut([
		{ message_id: 'local:k1', chat_id: 'c', role: 'user', text: 'hi', ts: 9, status: 'sending' },
		{
			message_id: 'local:k2',
			chat_id: 'd',
			role: 'user',
			text: 'and you?',
			ts: 9,
			status: 'sending'
		}
	]);
	await db.outbox.bulkPut([
		{ client_msg_id: 'k1', chat_id: 'c', text: 'hi', created_at: 9, attempts: 0 },
		{ client_msg_id: 'k2', chat_id: 'd', text: 'and you?', created_at: 9, attempts: 0 }
	] as never);
	return db;
}

async function snapshot(db: IrisDB) {
	const byId = <T>(rows: T[], key: (r: T) => string) =>
		rows.sort((a, b) => key(a).localeCompare(key(b)));
	return {
		messages: byId(await db.messages.toArray(), (m) => m.message_id),
		parts: byId(await db.parts.toArray(), (p) => `${p.message_id}/${p.part_id}`),
		pickers: await db.pickers.toArray(),
		outbox: await db.outbox.toArray(),
		// Not `inbox_read_ts`: the time each store was made.
		meta: byId(
			(await db.meta.toArray()).filter((m) => m.key !== 'inbox_read_ts'),
			(m) => m.key
		)
	};
}

const ctx = {
	defaultChatId: 'c',
	now: 1_000,
	streamText: (id: string) => (id === 'b1' ? 'hot' : undefined)
};

describe('a run of message frames', () => {
	it('leaves the store that applying each frame alone leaves', async () => {
		const alone = await seeded();
		const aloneChanges = noChanges();
		for (const frame of REPLAY)
			await applyFrames(alone, [frame], { ...ctx, changes: aloneChanges });
		const batch = await seeded();
		const batchChanges = noChanges();
		await applyFrames(batch, REPLAY, { ...ctx, changes: batchChanges });

		const store = await snapshot(batch);
		expect(store).toEqual(await snapshot(alone));
		expect(batchChanges).toEqual(aloneChanges);
		// What the replay means, so that both paths being wrong the same way fails too.
		expect(store.messages.map((m) => [m.message_id, m.status, m.text])).toEqual([
			['a1', 'complete', 'one'],
			['a2', 'complete', 'two!'],
			['a3', 'streaming', ''],
			['b1', 'complete', 'hot'],
			['h3', 'complete', 'after'],
			['u1', 'complete', 'hi'],
			['u2', 'complete', 'and you?']
		]);
		expect(store.outbox).toEqual([]);
		expect(store.pickers.map((p) => [p.picker_id, p.message_id, p.state])).toEqual([
			['p1', 'a1', 'expired']
		]);
		expect(store.parts.map((p) => [p.message_id, p.part_id])).toEqual([
			['a1', 'tool:0'],
			['a3', 'commentary:Thinking.']
		]);
		expect(store.meta.find((m) => m.key === 'open_turns')?.value).toEqual({ c: 'a3' });
		expect(batchChanges.removed).toEqual(['local:k1', 'local:k2']);
		expect(batchChanges.removed_chats).toEqual(['e']);
	});

	it('applies the same replay again without changing the store', async () => {
		const db = await seeded();
		await applyFrames(db, REPLAY, ctx);
		const once = await snapshot(db);
		await applyFrames(db, REPLAY, ctx);
		expect(await snapshot(db)).toEqual(once);
	});
});
