/**
 * Apply the frames that make up an assistant turn beyond its text: `commentary`,
 * `tool.start` / `tool.progress` / `tool.end`, and the `picker.*` frames. Idempotent
 * (doc/protocol.md "Reconnect and sync"): tools keyed by `(message_id, index)`, beats by their
 * text within the turn, pickers by `picker_id`; a replayed frame changes nothing, a progress note
 * is kept once, nothing moves a finished tool back to running.
 *
 * The schema's tool frames carry no `message_id`: one given as an extension is used, otherwise
 * the part belongs to the chat's current turn — the assistant message whose `message.start` came
 * last in frame order and is not stopped yet (`open_turns`), else its streaming assistant message,
 * else its latest assistant message, else a placeholder assistant message. Frame order matters
 * on a `sync` replay: the frames of a finished turn come back after later answers are stored, so
 * "the latest answer in the store" would be a later turn, not the one the frame belonged to.
 *
 * Runs inside `applyFrames`' transaction (tables `messages`, `parts`, `pickers`).
 */
import { Dexie } from 'dexie';
import type { ServerFrame, ServerFrameOf } from '../protocol/iris/frames';
import type { IrisDB, MessageRow } from './schema';
import {
	textAtOf,
	type Measured,
	type PartRow,
	type PickerRow,
	type PickerType,
	type TextAt,
	type ToolPart
} from './turn-rows';
import { choiceLabel } from './picker-choices';
import { streamingAnswers } from './interrupted';

type ToolFrame =
	ServerFrameOf<'tool.start'> | ServerFrameOf<'tool.progress'> | ServerFrameOf<'tool.end'>;
type PickerFrame = Extract<ServerFrame, { type: PickerType }>;
type TurnFrame = ToolFrame | PickerFrame | ServerFrameOf<'commentary'>;

/** Frame types handled here. */
export const TURN_FRAME_TYPES: ReadonlySet<ServerFrame['type']> = new Set([
	'commentary',
	'tool.start',
	'tool.progress',
	'tool.end',
	'picker.model',
	'picker.choice',
	'picker.clarify',
	'picker.approval',
	'picker.confirm'
]);

/** Whether `applyTurnFrame` handles this frame. */
export function isTurnFrame(frame: ServerFrame): frame is TurnFrame {
	return TURN_FRAME_TYPES.has(frame.type);
}

/** Where a frame lands: its channel (resolved), thread, and the batch's clock (epoch ms). */
export interface TurnScope {
	chat_id: string;
	thread_id?: string;
	now: number;
}

/** Apply one turn frame (inside a transaction over messages, parts and pickers). */
export async function applyTurnFrame(
	db: IrisDB,
	frame: TurnFrame,
	scope: TurnScope
): Promise<void> {
	switch (frame.type) {
		case 'commentary': {
			const message_id = await turnOf(db, scope, frame.payload.message_id);
			const part_id = `commentary:${frame.payload.text}`;
			if (await db.parts.get([message_id, part_id])) return;
			await db.parts.put({
				kind: 'commentary',
				message_id,
				part_id,
				chat_id: scope.chat_id,
				seq: await nextSeq(db, message_id),
				...textOffset(textAtOf(frame.payload), message_id),
				text: frame.payload.text
			});
			return;
		}
		case 'tool.start':
		case 'tool.progress':
		case 'tool.end':
			await applyTool(db, frame, scope);
			return;
		default:
			await applyPicker(db, frame, scope);
	}
}

async function applyTool(db: IrisDB, frame: ToolFrame, scope: TurnScope): Promise<void> {
	const p = frame.payload;
	const message_id = await turnOf(db, scope, p.message_id);
	const part_id = `tool:${p.index}`;
	const existing = (await db.parts.get([message_id, part_id])) as ToolPart | undefined;
	const tool: ToolPart = existing ?? {
		kind: 'tool',
		message_id,
		part_id,
		chat_id: scope.chat_id,
		seq: await nextSeq(db, message_id),
		...(frame.type === 'tool.start' ? textOffset(textAtOf(frame.payload), message_id) : {}),
		index: p.index,
		name: p.name ?? 'tool',
		notes: [],
		state: 'running'
	};
	if (p.name !== undefined) tool.name = p.name;
	if (frame.type === 'tool.start') {
		const { preview, args } = frame.payload;
		if (preview !== undefined) tool.preview = preview;
		if (args !== undefined) tool.args = args;
	} else if (frame.type === 'tool.progress') {
		const { note } = frame.payload;
		// A note after the end is late, one already kept is a replay.
		if (tool.state !== 'running' || note === undefined || tool.notes.includes(note)) {
			if (existing) return;
		} else {
			tool.notes = [...tool.notes, note];
		}
	} else {
		const { ok, duration, output_preview } = frame.payload;
		tool.state = ok === false ? 'failed' : 'ok';
		if (duration !== undefined) tool.duration = duration;
		if (output_preview !== undefined) tool.output_preview = output_preview;
	}
	await db.parts.put(tool);
}

async function applyPicker(db: IrisDB, frame: PickerFrame, scope: TurnScope): Promise<void> {
	const { text_at, ...p } = frame.payload as Measured<PickerFrame['payload']>;
	const existing = await db.pickers.get(p.picker_id);
	let row = existing;
	if (!row) {
		const message_id = await turnOf(db, scope, p.message_id);
		row = {
			picker_id: p.picker_id,
			type: frame.type,
			chat_id: scope.chat_id,
			message_id,
			ts: scope.now,
			payload: p,
			state: 'open',
			parts_before: await nextSeq(db, message_id),
			...textOffset(text_at, message_id)
		} as PickerRow;
	}
	if (scope.thread_id !== undefined && !existing) row.thread_id = scope.thread_id;
	// Extension `answer`: the gateway tells every device what was chosen.
	if (typeof p.answer === 'string' && row.state !== 'answered') {
		row.state = 'answered';
		row.answer = { value: p.answer, label: choiceLabel(row, p.answer) };
		delete row.error;
	} else if (existing?.state === 'expired') {
		// Closed here (its turn stopped, or the gateway once did not know it), yet the gateway asks
		// it again: it is open there (a restarted gateway keeps its questions answerable).
		row.state = 'open';
		delete row.error;
	} else if (existing) {
		return;
	}
	await db.pickers.put(row);
}

/** The message a part belongs to; see the module comment. */
async function turnOf(db: IrisDB, scope: TurnScope, explicit: string | undefined): Promise<string> {
	if (explicit !== undefined) return explicit;
	const turns = (await db.meta.get('open_turns'))?.value as Record<string, string> | undefined;
	const open = turns?.[scope.chat_id];
	if (open !== undefined && (await db.messages.get(open))) return open;
	// The latest answer still streaming (few rows), else the latest
	// answer: a reverse walk that stops at the first assistant row.
	const streaming = (await streamingAnswers(db, scope.chat_id)).reduce<MessageRow | undefined>(
		(a, m) => (a && a.ts > m.ts ? a : m),
		undefined
	);
	const found =
		streaming ??
		(await db.messages
			.where('[chat_id+ts]')
			.between([scope.chat_id, Dexie.minKey], [scope.chat_id, Dexie.maxKey])
			.reverse()
			.filter((m) => m.role === 'assistant')
			.first());
	if (found) return found.message_id;
	const message_id = `turn:${scope.chat_id}:${scope.now}`;
	await db.messages.put({
		message_id,
		chat_id: scope.chat_id,
		role: 'assistant',
		text: '',
		ts: scope.now,
		status: 'complete'
	});
	return message_id;
}

/** A part's `text_offset`, when the frame router measured the text of the part's own message. */
function textOffset(at: TextAt | undefined, message_id: string): { text_offset?: number } {
	return at?.message_id === message_id ? { text_offset: at.offset } : {};
}

async function nextSeq(db: IrisDB, message_id: string): Promise<number> {
	return db.parts.where('message_id').equals(message_id).count();
}

/** The parts of one turn, in order of arrival. */
export async function partsOf(db: IrisDB, message_id: string): Promise<PartRow[]> {
	const rows = await db.parts.where('message_id').equals(message_id).toArray();
	return rows.sort((a, b) => a.seq - b.seq);
}
