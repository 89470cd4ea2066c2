/**
 * A run of consecutive frames that only touch message rows (`message`, `history`,
 * `message.start`, `message.stop`), applied against rows read up front and written back in bulk.
 *
 * Why: a reconnect's `sync` replays thousands of these frames. Applied one by one, every frame
 * costs several IndexedDB requests awaited in turn (get, get the local echo, delete, put, the
 * `open_turns` row twice), about 7,000 round trips for 1,000 missed messages (bench/README.md
 * "Reconnect catch-up"). Here a run costs one `bulkGet`, one `bulkPut`, one `bulkDelete` and one
 * query for the pickers it expires, issued together. The result is the store that applying the
 * frames one by one gives (tests/unit/message-run.test.ts); a frame of any other kind ends the
 * run first (`applyFrames`), so frames that query the store see every earlier frame's rows.
 *
 * Runs inside `applyFrames`' transaction.
 */
import type { MessagePayload, ServerFrame } from '../protocol/iris/frames';
import type { IrisDB, MessageRow } from './schema';
import type { ApplyContext } from './apply';

/** Frame types a run applies. */
export type RunFrame = Extract<
	ServerFrame,
	{ type: 'message' | 'history' | 'message.start' | 'message.stop' }
>;

const RUN_TYPES = new Set<ServerFrame['type']>([
	'message',
	'history',
	'message.start',
	'message.stop'
]);

/** Whether `frame` belongs in a run. */
export function isRunFrame(frame: ServerFrame): frame is RunFrame {
	return RUN_TYPES.has(frame.type);
}

/** The message rows a run reads: every id it names, and the local echo rows it may replace. */
function idsOf(frames: readonly RunFrame[]): string[] {
	const ids = new Set<string>();
	const add = (m: { message_id: string; client_msg_id?: string }) => {
		ids.add(m.message_id);
		if (m.client_msg_id) ids.add(`local:${m.client_msg_id}`);
	};
	for (const frame of frames) {
		if (frame.type === 'history') frame.payload.messages.forEach(add);
		else add(frame.payload);
	}
	return [...ids];
}

/**
 * A `message.stop` payload as the frame router passes it on: `parts_unplaced` when the places
 * measured for the turn's parts no longer fit its final text (connection/part-offsets.ts).
 */
export type StopPayload = Extract<RunFrame, { type: 'message.stop' }>['payload'] & {
	parts_unplaced?: true;
};

type OpenTurns = Record<string, string>;

/**
 * Apply `frames` (all `isRunFrame`) in order: read what they need at once, change the rows in
 * memory, write what changed at once. Rejects if a request fails (the transaction aborts).
 */
export async function applyRun(
	db: IrisDB,
	frames: readonly RunFrame[],
	ctx: ApplyContext
): Promise<void> {
	const ids = idsOf(frames);
	const [found, turnsRow] = await Promise.all([
		db.messages.bulkGet(ids),
		db.meta.get('open_turns')
	]);
	const run = new Run(ctx, (turnsRow?.value as OpenTurns | undefined) ?? {});
	ids.forEach((id, i) => run.rows.set(id, found[i]));
	for (const frame of frames) run.apply(frame);
	await run.write(db);
}

/** The run's state: rows as they stand after the frames so far, and what to write. */
class Run {
	readonly rows = new Map<string, MessageRow | undefined>();
	readonly #ctx: ApplyContext;
	readonly #changed = new Set<string>();
	readonly #outboxDone = new Set<string>();
	readonly #stopped = new Set<string>();
	#turns: OpenTurns;
	#turnsChanged = false;

	constructor(ctx: ApplyContext, turns: OpenTurns) {
		this.#ctx = ctx;
		this.#turns = turns;
	}

	apply(frame: RunFrame): void {
		const chat_id = frame.chat_id ?? this.#ctx.defaultChatId;
		const thread_id = frame.thread_id;
		switch (frame.type) {
			case 'message':
				this.#putMessage(frame.payload, chat_id, thread_id);
				return;
			case 'history':
				for (const m of frame.payload.messages) this.#putMessage(m, chat_id, thread_id);
				return;
			case 'message.start': {
				const { message_id, role, ts } = frame.payload;
				const existing = this.rows.get(message_id);
				// Even a replayed start opens its turn again: the turn frames replayed after it are its own.
				if ((existing?.role ?? role ?? 'assistant') === 'assistant')
					this.#openTurn(chat_id, message_id);
				// A replayed start must not wipe text already streamed or finished.
				if (existing) return;
				const row: MessageRow = {
					message_id,
					chat_id,
					role: role ?? 'assistant',
					text: '',
					ts: ts ?? this.#ctx.now,
					status: 'streaming'
				};
				if (thread_id !== undefined) row.thread_id = thread_id;
				this.#set(row);
				return;
			}
			case 'message.stop':
				this.#stop(frame.payload, chat_id, thread_id);
				return;
		}
	}

	#stop(
		p: Extract<RunFrame, { type: 'message.stop' }>['payload'],
		chat_id: string,
		thread_id: string | undefined
	): void {
		this.#closeTurn(chat_id, p.message_id);
		// The turn is over (it ended, was stopped or cut off): a question it asked can no longer
		// be answered, so it leaves the screen, and a tool still running will not end. An answer already on its way settles itself.
		this.#stopped.add(p.message_id);
		const existing = this.rows.get(p.message_id);
		const text = p.final_text ?? this.#ctx.streamText?.(p.message_id) ?? existing?.text ?? '';
		const base: MessageRow = existing ?? {
			message_id: p.message_id,
			chat_id,
			role: 'assistant',
			text: '',
			ts: this.#ctx.now,
			status: 'complete'
		};
		if (!existing && thread_id !== undefined) base.thread_id = thread_id;
		const row: MessageRow = { ...base, text, status: 'complete' };
		delete row.interrupted;
		if (p.reasoning !== undefined) row.reasoning = p.reasoning;
		if (p.model !== undefined) row.model = p.model;
		if (p.tokens !== undefined) row.tokens = p.tokens;
		if ((p as StopPayload).parts_unplaced) row.parts_unplaced = true;
		const timing = this.#ctx.answerTiming?.(p.message_id);
		if (timing) row.timing = timing;
		this.#set(row, existing);
		this.#ctx.changes?.put.push(row);
	}

	/**
	 * Store a complete message. A user message's echo (matched by `client_msg_id`) replaces the
	 * local `local:<client_msg_id>` row and clears its outbox entry, so the message shows once.
	 */
	#putMessage(m: MessagePayload, chat_id: string, thread_id: string | undefined): void {
		const existing = this.rows.get(m.message_id);
		let local: MessageRow | undefined;
		if (m.client_msg_id) {
			const localId = `local:${m.client_msg_id}`;
			local = this.rows.get(localId);
			if (local) {
				this.rows.set(localId, undefined);
				this.#changed.add(localId);
				this.#ctx.changes?.removed.push(localId);
			}
			this.#outboxDone.add(m.client_msg_id);
		}
		const base = existing ?? local;
		const row: MessageRow = {
			message_id: m.message_id,
			chat_id: base?.chat_id ?? chat_id,
			role: m.role ?? base?.role ?? 'assistant',
			text: m.text ?? base?.text ?? '',
			ts: m.ts ?? base?.ts ?? this.#ctx.now,
			status: 'complete'
		};
		const thread = thread_id ?? base?.thread_id;
		if (thread !== undefined) row.thread_id = thread;
		const client = m.client_msg_id ?? base?.client_msg_id;
		if (client !== undefined) row.client_msg_id = client;
		for (const key of ['reasoning', 'model', 'tokens', 'reply_to', 'media'] as const) {
			const value = m[key] ?? base?.[key];
			if (value !== undefined) (row as unknown as Record<string, unknown>)[key] = value;
		}
		// This device's own timing of the answer, and whether the places it measured for its parts
		// still fit: no frame carries them, a re-sent message (a gap-fill page) keeps them.
		if (existing?.timing) row.timing = existing.timing;
		if (existing?.parts_unplaced) row.parts_unplaced = true;
		this.#set(row, existing);
		this.#ctx.changes?.put.push(row);
	}

	/**
	 * Put `row` unless it equals the stored `existing`: the gap-fill pages after a reconnect
	 * re-send the newest messages, which are mostly stored already. Rows are built in one key
	 * order, so their JSON compares them; a different order only costs a write. Such a row is
	 * still reported in `changes`: the index skips it when its hash is the same, and mends an
	 * entry it lost (a worker stopped between the commit and the indexing).
	 */
	#set(row: MessageRow, existing?: MessageRow): void {
		if (existing && JSON.stringify(row) === JSON.stringify(existing)) return;
		this.rows.set(row.message_id, row);
		this.#changed.add(row.message_id);
	}

	/** Record that `message_id` (an assistant answer) opened the current turn of `chat_id`. */
	#openTurn(chat_id: string, message_id: string): void {
		if (this.#turns[chat_id] === message_id) return;
		this.#turns = { ...this.#turns, [chat_id]: message_id };
		this.#turnsChanged = true;
	}

	/** Record that `message_id` ended: turn frames without `message_id` no longer go to it. */
	#closeTurn(chat_id: string, message_id: string): void {
		if (this.#turns[chat_id] !== message_id) return;
		const rest = { ...this.#turns };
		delete rest[chat_id];
		this.#turns = rest;
		this.#turnsChanged = true;
	}

	/** Write what the run changed, all requests issued together. */
	async write(db: IrisDB): Promise<void> {
		const put: MessageRow[] = [];
		const removed: string[] = [];
		for (const id of this.#changed) {
			const row = this.rows.get(id);
			if (row) put.push(row);
			else removed.push(id);
		}
		const stopped = [...this.#stopped];
		await Promise.all([
			put.length > 0 && db.messages.bulkPut(put),
			removed.length > 0 && db.messages.bulkDelete(removed),
			this.#outboxDone.size > 0 && db.outbox.bulkDelete([...this.#outboxDone]),
			this.#turnsChanged && db.meta.put({ key: 'open_turns', value: this.#turns }),
			stopped.length > 0 &&
				db.pickers
					.where('message_id')
					.anyOf(stopped)
					.filter((row) => row.state === 'open')
					.modify({ state: 'expired' }),
			// A tool still running when its turn stops (Stop, a cut-off) will report no end: it
			// says it was stopped, not "Running…" for good. A late `tool.end` still ends it.
			stopped.length > 0 &&
				db.parts
					.where('message_id')
					.anyOf(stopped)
					.filter((row) => row.kind === 'tool' && row.state === 'running')
					.modify((row) => {
						if (row.kind === 'tool') row.state = 'stopped';
					})
		]);
	}
}
