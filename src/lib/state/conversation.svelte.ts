/**
 * One open channel: its latest page of messages from the store, each shown through a
 * `MessageView` (stored row, hot streaming text and reasoning, the turn's tool cards and pickers,
 * queued state). Opening reads only the latest page (index `[chat_id+ts]`, newest first,
 * `PAGE_SIZE`), so it costs the same in a 1k- or 100k-message store.
 *
 * The live part is a `liveQuery` from the oldest message of that first page onwards (new messages
 * join it; older ones never re-read). Older pages are read once each on request (`loadOlder`) and
 * kept as they were: scrolling back through 10,000 messages reads each row once. When the stored
 * rows run out, `loadOlder` asks the gateway for the `history` page before the oldest stored
 * message (doc/protocol.md "History") until it says `has_more: false`.
 */
import { Dexie } from 'dexie';
import type { IrisDB, MessageRow } from '../db/schema';
import type { FeatureApi } from '../bridge/features';
import { PAGE_SIZE, readLatestPage, type ChannelPages } from './channel-pages';
import { LiveQuery } from './live.svelte';
import type { LiveTexts } from './live-texts.svelte';
import { MessageView, type MessageViewContext } from './message-view';
import type { QueuedSends } from './queued.svelte';
import type { Store } from './store.svelte';
import { TurnState } from './turn.svelte';
import { benchMark } from '../platform/bench-marks';
import { LOCAL_PREFIX } from '../db/local-id';

/** Messages read when a channel opens, and added per stored page of `loadOlder`. */
export { PAGE_SIZE };
/** Messages asked per `history` page. */
export const HISTORY_STEP = 50;
/** Most `history` pages fetched to find one message (a search jump). */
const REVEAL_MAX_PAGES = 20;

/** The worker command that fetches and stores one `history` page. */
export type HistoryLoader = FeatureApi['loadHistory'];

/** What a conversation shows besides the store. */
export interface ConversationDeps {
	/** The app's hot streaming texts (their entries end once the rows here are final). */
	live: LiveTexts;
	queued: QueuedSends;
	/** Fetches older pages from the gateway; without it only stored pages are shown. */
	history?: HistoryLoader;
	/**
	 * Recently read latest pages: the conversation starts from its channel's (shown at once, the
	 * live query brings what changed since) and keeps it up to date while open.
	 */
	pages?: ChannelPages;
}

export class Conversation {
	readonly chat_id: string;
	/** Whether older messages may exist in the store beyond the loaded pages. */
	hasOlder = $state(false);
	/** False once the gateway said there is nothing older (`has_more: false`). */
	hasMore = $state(true);
	/** A stored-page read or a `history` request is running. */
	loadingOlder = $state(false);
	/** Why the last `history` request failed, for the list's top row. */
	historyError = $state<string | null>(null);
	/** The message a search jump asked for: scrolled to and highlighted. */
	highlighted = $state<string | null>(null);
	#older = $state.raw<MessageRow[]>([]);
	#readError = $state<Error | null>(null);
	// Set in the constructor; rune state so `messages` (declared before it runs) can read it.
	#live: LiveQuery<MessageRow[]> = $state.raw() as LiveQuery<MessageRow[]>;
	/** The channel's tool cards, beats and pickers (the page's picker dialog reads `waiting`). */
	readonly turn: TurnState;
	readonly #store: Store;
	readonly #history: HistoryLoader | undefined;
	readonly #views: MessageViewContext;
	/** `ts` of the oldest row of the first page: the live range starts there. */
	#liveFrom: number | undefined;
	readonly #unwatch: () => void;

	constructor(store: Store, chat_id: string, deps: ConversationDeps) {
		this.chat_id = chat_id;
		this.#store = store;
		this.#history = deps.history;
		this.turn = new TurnState(store, chat_id);
		this.#views = {
			live: deps.live,
			turn: this.turn,
			queued: deps.queued,
			find: (id) => this.#byId.get(id)
		};
		// Another store (another gateway's, or memory) starts from its own latest page: subscribed
		// before the live query, so the query runs again with the range cleared.
		this.#unwatch = store.onSwitch(() => this.#reset());
		// A kept page is shown in the click's own frame; the live range then starts at its oldest
		// row, so the query brings every message newer than it (arrived while the channel was shut).
		const kept = deps.pages?.get(chat_id);
		const start = kept?.length ? kept : undefined;
		if (start) {
			this.#liveFrom = start[0]!.ts;
			this.hasOlder = start.length >= PAGE_SIZE;
		}
		this.#live = new LiveQuery(
			store,
			(db) => this.#readLive(db),
			(start ?? []) as MessageRow[],
			(rows) => {
				deps.live.settle(rows);
				deps.pages?.set(chat_id, rows);
			}
		);
		if (start) {
			this.#live.loaded = true;
			deps.live.settle(start);
		}
	}

	/** False until the first result arrived. */
	get loaded(): boolean {
		return this.#live.loaded;
	}

	/** The last query error (e.g. storage unavailable), or null. */
	get error(): Error | null {
		return this.#live.error ?? this.#readError;
	}

	/** Messages oldest → newest. */
	readonly messages: MessageRow[] = $derived(
		this.#older.length ? [...this.#older, ...this.#live.current] : this.#live.current
	);

	/** The loaded messages by id, for the quotes of replies. */
	readonly #byId: Map<string, MessageRow> = $derived(
		// Rebuilt whenever `messages` changes and never mutated: a plain Map is enough.
		// eslint-disable-next-line svelte/prefer-svelte-reactivity
		new Map(this.messages.map((row) => [row.message_id, row]))
	);

	/** What the bubbles show, one view per message, oldest → newest. */
	readonly views: MessageView[] = $derived(
		this.messages.map((row) => new MessageView(row, this.#views))
	);

	/**
	 * How much the answer streaming now shows (UTF-16 code units of its text and reasoning), 0
	 * when none: the agent's newest streaming message among the last few (a question queued or a
	 * steer sent meanwhile may follow it). Its growing text and cursor show the agent at work.
	 */
	get writing(): number {
		for (let i = this.views.length - 1; i >= Math.max(0, this.views.length - 4); i--) {
			const view = this.views[i]!;
			if (view.row.role === 'assistant' && view.streaming)
				return view.text.length + view.reasoning.length;
		}
		return 0;
	}

	/**
	 * Show older messages: prepend the stored page just older than the oldest loaded row, or, when
	 * the store has none, fetch the `history` page before it first. Errors end up in `error` /
	 * `historyError`; never rejects. No-op while a load runs.
	 */
	async loadOlder(): Promise<void> {
		if (this.loadingOlder || !this.#live.loaded) return;
		this.loadingOlder = true;
		try {
			if (!(await this.#prependStored()) && this.hasMore) {
				await this.#fetchOlder();
				await this.#prependStored();
			}
		} catch (e) {
			this.#readError = e instanceof Error ? e : new Error(String(e));
		} finally {
			this.loadingOlder = false;
		}
	}

	/**
	 * Jump to `message_id` (a search hit in this channel): fetch older pages until it is stored
	 * (at most 20), load every stored row from it to the loaded ones, and highlight it. Resolves
	 * false if it could not be found.
	 */
	async reveal(message_id: string): Promise<boolean> {
		let row = await this.#store.db.messages.get(message_id);
		// The server found it, so older pages are worth asking for even if an earlier `has_more`
		// said otherwise (the gateway's history can have grown since).
		let more = true;
		for (let i = 0; !row && more && i < REVEAL_MAX_PAGES; i += 1) {
			more = await this.#fetchOlder();
			row = await this.#store.db.messages.get(message_id);
		}
		if (!row || row.chat_id !== this.chat_id) return false;
		const target = row;
		while (!this.messages.some((m) => m.message_id === message_id)) {
			const oldest = this.#older[0] ?? this.#live.current[0];
			if (oldest && oldest.ts < target.ts) break;
			if (!(await this.#prependStored(target.ts))) break;
		}
		this.highlighted = message_id;
		return true;
	}

	dispose(): void {
		this.#unwatch();
		this.#live.dispose();
		this.turn.dispose();
	}

	/** Forget the loaded range: the next read is the latest page of the (new) store. */
	#reset(): void {
		this.#liveFrom = undefined;
		this.#older = [];
		this.hasOlder = false;
		this.hasMore = true;
		this.historyError = null;
		this.highlighted = null;
	}

	/**
	 * Prepend the stored rows just older than the oldest loaded one: one page, or down to `downTo`
	 * (ms, inclusive) when given. Resolves false when there were none.
	 */
	async #prependStored(downTo?: number): Promise<boolean> {
		const oldest = this.#older[0] ?? this.#live.current[0];
		if (!oldest) {
			// An empty channel whose first `history` page just arrived: the live query shows it.
			return false;
		}
		const rows = await this.#readOlder(oldest, downTo);
		this.hasOlder = rows.length > 0;
		if (!rows.length) return false;
		this.#older = [...rows, ...this.#older];
		return true;
	}

	/** Fetch one page before the oldest stored server message; resolves with `has_more` (false
	 * also when the request failed). */
	async #fetchOlder(): Promise<boolean> {
		if (!this.#history) return false;
		try {
			const oldest = await this.#store.db.messages
				.where('[chat_id+ts]')
				.between([this.chat_id, Dexie.minKey], [this.chat_id, Dexie.maxKey])
				.filter((m) => !m.message_id.startsWith(LOCAL_PREFIX))
				.first();
			const input: { chat_id: string; before_message_id?: string; limit: number } = {
				chat_id: this.chat_id,
				limit: HISTORY_STEP
			};
			if (oldest) input.before_message_id = oldest.message_id;
			const page = await this.#history(input);
			this.hasMore = page.has_more;
			this.historyError = null;
			return page.has_more;
		} catch (e) {
			this.historyError = e instanceof Error ? e.message : String(e);
			return false;
		}
	}

	async #readLive(db: IrisDB): Promise<MessageRow[]> {
		const range = db.messages.where('[chat_id+ts]');
		if (this.#liveFrom !== undefined) {
			return range.between([this.chat_id, this.#liveFrom], [this.chat_id, Dexie.maxKey]).toArray();
		}
		benchMark('query-start');
		const page = await readLatestPage(db, this.chat_id);
		benchMark('query-end');
		this.#liveFrom = page[0]?.ts;
		this.hasOlder = page.length === PAGE_SIZE;
		return page;
	}

	async #readOlder(oldest: MessageRow, downTo?: number): Promise<MessageRow[]> {
		// Inclusive of `oldest.ts` (several messages may share a millisecond); loaded ones skipped.
		let query = this.#store.db.messages
			.where('[chat_id+ts]')
			.between([this.chat_id, downTo ?? Dexie.minKey], [this.chat_id, oldest.ts], true, true)
			.reverse();
		if (downTo === undefined) query = query.limit(PAGE_SIZE + 1);
		const newestFirst = await query.toArray();
		const loaded = this.messages.filter((m) => m.ts === oldest.ts).map((m) => m.message_id);
		return newestFirst.filter((m) => !loaded.includes(m.message_id)).reverse();
	}
}
