import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { IrisDB } from '../../src/lib/db/schema';
import { applyFrames } from '../../src/lib/db/apply';
import { partsOf } from '../../src/lib/db/apply-turn';
import { persistReasoning } from '../../src/lib/db/reasoning';
import { choiceLabel, pickerChoices, pickerTitle } from '../../src/lib/db/picker-choices';
import type { ToolPart } from '../../src/lib/db/turn-rows';
import type { ServerFrame } from '../../src/lib/protocol/iris/frames';

let n = 0;
const dbs: IrisDB[] = [];
function freshDb(): IrisDB {
	const db = new IrisDB(`apply-turn-test-${++n}`);
	dbs.push(db);
	return db;
}
afterEach(async () => {
	for (const db of dbs.splice(0)) await db.delete();
});

const ctx = { defaultChatId: 'default', now: 1_000 };
const f = (frame: Omit<ServerFrame, 'v'>): ServerFrame => ({ v: 1, ...frame }) as ServerFrame;

/** A turn as the demo gateway plays it, tools without message_id (the schema's shape). */
const TURN: ServerFrame[] = [
	f({ type: 'message.start', chat_id: 'c', payload: { message_id: 'a1', ts: 5 } }),
	f({ type: 'commentary', chat_id: 'c', payload: { text: 'Looking around.' } }),
	f({
		type: 'tool.start',
		chat_id: 'c',
		payload: { index: 0, name: 'read_file', preview: 'README.md', args: { path: 'README.md' } }
	}),
	f({ type: 'tool.progress', chat_id: 'c', payload: { index: 0, note: 'opening' } }),
	f({ type: 'tool.progress', chat_id: 'c', payload: { index: 0, note: 'read 40 lines' } }),
	f({
		type: 'tool.end',
		chat_id: 'c',
		payload: { index: 0, ok: true, duration: 1.5, output_preview: '# Iris' }
	}),
	f({ type: 'tool.start', chat_id: 'c', payload: { index: 1, name: 'terminal' } }),
	f({ type: 'tool.end', chat_id: 'c', payload: { index: 1, ok: false, duration: 0.2 } }),
	f({
		type: 'picker.approval',
		chat_id: 'c',
		payload: { picker_id: 'p1', command: 'rm -rf build/', description: 'clean' }
	})
];

async function snapshot(db: IrisDB) {
	return {
		parts: await db.parts.toArray(),
		pickers: await db.pickers.toArray(),
		messages: await db.messages.toArray()
	};
}

describe('turn frames', () => {
	it('builds tool cards, beats and pickers on the current assistant turn', async () => {
		const db = freshDb();
		await applyFrames(db, TURN, ctx);
		const parts = await partsOf(db, 'a1');
		expect(parts.map((p) => p.part_id)).toEqual(['commentary:Looking around.', 'tool:0', 'tool:1']);
		const [, read, term] = parts as [unknown, ToolPart, ToolPart];
		expect(read).toMatchObject({
			name: 'read_file',
			preview: 'README.md',
			args: { path: 'README.md' },
			notes: ['opening', 'read 40 lines'],
			state: 'ok',
			duration: 1.5,
			output_preview: '# Iris'
		});
		expect(term).toMatchObject({ state: 'failed', duration: 0.2 });
		expect(await db.pickers.get('p1')).toMatchObject({
			message_id: 'a1',
			chat_id: 'c',
			state: 'open',
			type: 'picker.approval'
		});
	});

	it('is idempotent: replaying the turn (one frame at a time, too) changes nothing', async () => {
		const db = freshDb();
		await applyFrames(db, TURN, ctx);
		const once = await snapshot(db);
		await applyFrames(db, TURN, { ...ctx, now: 2_000 });
		for (const frame of TURN) await applyFrames(db, [frame], { ...ctx, now: 3_000 });
		expect(await snapshot(db)).toEqual(once);
	});

	it('uses message_id when given, ignores late progress, never reopens a finished tool', async () => {
		const db = freshDb();
		await applyFrames(
			db,
			[
				f({ type: 'message.start', chat_id: 'c', payload: { message_id: 'a2' } }),
				f({ type: 'tool.end', chat_id: 'c', payload: { index: 3, ok: true, message_id: 'x' } }),
				f({
					type: 'tool.progress',
					chat_id: 'c',
					payload: { index: 3, note: 'late', message_id: 'x' }
				}),
				f({ type: 'tool.start', chat_id: 'c', payload: { index: 3, name: 'web', message_id: 'x' } })
			],
			ctx
		);
		expect(await partsOf(db, 'a2')).toEqual([]);
		expect(await partsOf(db, 'x')).toMatchObject([{ name: 'web', state: 'ok', notes: [] }]);
	});

	it('a replayed beat without message_id goes to the turn it came in, not the latest answer', async () => {
		const db = freshDb();
		const stop = (message_id: string) =>
			f({ type: 'message.stop', chat_id: 'c', payload: { message_id, final_text: 'x' } });
		const start = (message_id: string) =>
			f({ type: 'message.start', chat_id: 'c', payload: { message_id } });
		const steered = [
			start('a1'),
			f({ type: 'commentary', chat_id: 'c', payload: { text: 'Steering: one' } }),
			stop('a1'),
			start('a2'),
			stop('a2')
		];
		await applyFrames(db, steered, ctx);
		// A reload's sync replays the same frames after both answers are stored.
		await applyFrames(db, steered, { ...ctx, now: 2_000 });
		expect((await partsOf(db, 'a1')).map((p) => p.part_id)).toEqual(['commentary:Steering: one']);
		expect(await partsOf(db, 'a2')).toEqual([]);
	});

	it('a tool frame in a chat without an assistant message gets a placeholder turn', async () => {
		const db = freshDb();
		await applyFrames(db, [f({ type: 'tool.start', payload: { index: 0, name: 't' } })], ctx);
		const [message] = await db.messages.toArray();
		expect(message).toMatchObject({ role: 'assistant', chat_id: 'default', text: '' });
		expect(await partsOf(db, message!.message_id)).toHaveLength(1);
	});

	it('an answered picker (extension `answer`) is answered, with its label; replays keep it', async () => {
		const db = freshDb();
		await applyFrames(db, TURN, ctx);
		const answered = f({
			type: 'picker.approval',
			chat_id: 'c',
			payload: { picker_id: 'p1', command: 'rm -rf build/', answer: 'once' }
		});
		await applyFrames(db, [answered, TURN.at(-1)!], ctx);
		expect(await db.pickers.get('p1')).toMatchObject({
			state: 'answered',
			answer: { value: 'once', label: 'Allow once' }
		});
	});

	it('a question still open when its turn stops is closed (Stop, a cut-off); replays keep it so', async () => {
		const db = freshDb();
		const stop = f({ type: 'message.stop', chat_id: 'c', payload: { message_id: 'a1' } });
		await applyFrames(db, TURN, ctx);
		expect(await db.pickers.get('p1')).toMatchObject({ state: 'open', message_id: 'a1' });
		await applyFrames(db, [stop], ctx);
		expect(await db.pickers.get('p1')).toMatchObject({ state: 'expired' });
		await applyFrames(db, [...TURN, stop], ctx);
		expect(await db.pickers.get('p1')).toMatchObject({ state: 'expired' });
	});

	it('a tool still running when its turn stops says so; a late end still ends it', async () => {
		const db = freshDb();
		const start = (index: number) =>
			f({
				type: 'tool.start',
				chat_id: 'c',
				payload: { index, name: 'terminal', message_id: 'a1' }
			});
		await applyFrames(
			db,
			[
				f({ type: 'message.start', chat_id: 'c', payload: { message_id: 'a1' } }),
				start(0),
				f({ type: 'tool.end', chat_id: 'c', payload: { index: 0, ok: true, message_id: 'a1' } }),
				start(1),
				f({ type: 'message.stop', chat_id: 'c', payload: { message_id: 'a1' } })
			],
			ctx
		);
		const states = async () => (await partsOf(db, 'a1')).map((p) => (p as ToolPart).state);
		expect(await states()).toEqual(['ok', 'stopped']);
		await applyFrames(
			db,
			[f({ type: 'tool.end', chat_id: 'c', payload: { index: 1, ok: false, message_id: 'a1' } })],
			ctx
		);
		expect(await states()).toEqual(['ok', 'failed']);
	});

	it('a closed question the gateway asks again (kept across its restart) opens again', async () => {
		const db = freshDb();
		await applyFrames(
			db,
			[...TURN, f({ type: 'message.stop', chat_id: 'c', payload: { message_id: 'a1' } })],
			ctx
		);
		expect(await db.pickers.get('p1')).toMatchObject({ state: 'expired' });
		await applyFrames(db, [TURN.at(-1)!], ctx);
		expect(await db.pickers.get('p1')).toMatchObject({ state: 'open', message_id: 'a1' });
	});

	it('an answer on its way when the turn stops is left to settle', async () => {
		const db = freshDb();
		await applyFrames(db, TURN, ctx);
		await db.pickers.update('p1', { state: 'sending' });
		await applyFrames(
			db,
			[f({ type: 'message.stop', chat_id: 'c', payload: { message_id: 'a1' } })],
			ctx
		);
		expect(await db.pickers.get('p1')).toMatchObject({ state: 'sending' });
	});

	it('streamed reasoning is stored while streaming, never shortened, and final at stop', async () => {
		const db = freshDb();
		await applyFrames(db, [TURN[0]!], ctx);
		await persistReasoning(db, new Map([['a1', 'thinking hard']]));
		await persistReasoning(db, new Map([['a1', 'thinking']]));
		expect((await db.messages.get('a1'))?.reasoning).toBe('thinking hard');
		await applyFrames(
			db,
			[f({ type: 'message.stop', chat_id: 'c', payload: { message_id: 'a1', reasoning: 'done' } })],
			ctx
		);
		await persistReasoning(db, new Map([['a1', 'thinking hard, later']]));
		expect((await db.messages.get('a1'))?.reasoning).toBe('done');
	});
});

describe('picker choices', () => {
	const base = { picker_id: 'p', chat_id: 'c', ts: 0, state: 'open' as const };
	it('model: providers → models, value provider:model, current marked', () => {
		const row = {
			...base,
			type: 'picker.model' as const,
			payload: {
				picker_id: 'p',
				current_model: 'm2',
				providers: [
					{ id: 'a', label: 'A', models: [{ id: 'm1', label: 'One' }, { id: 'm2' }] },
					{ id: 'b', models: [{ id: 'm2', label: 'B two' }] }
				]
			}
		};
		expect(pickerChoices(row)).toEqual([
			{ value: 'a:m1', label: 'One', group: 'A', current: false },
			{ value: 'a:m2', label: 'm2', group: 'A', current: true },
			{ value: 'b:m2', label: 'B two', group: 'b', current: true }
		]);
		expect(pickerTitle(row)).toBe('Choose a model');
	});

	it('clarify: reads lenient choice objects; labels fall back to the value', () => {
		const row = {
			...base,
			type: 'picker.clarify' as const,
			payload: {
				picker_id: 'p',
				question: 'Which?',
				choices: [{ text: 'Yes' }, { id: 'n', label: 'No' }, {}]
			}
		};
		expect(pickerChoices(row)).toEqual([
			{ value: 'Yes', label: 'Yes' },
			{ value: 'n', label: 'No' }
		]);
		expect(pickerTitle(row)).toBe('Which?');
		expect(choiceLabel(row, 'free text')).toBe('free text');
	});
});
