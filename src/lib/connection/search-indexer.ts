/**
 * The worker's local full-text index (doc/search.md): loaded from its stored segments when the
 * worker starts, brought up to date with the messages it lacks (a rebuild, when the tokenizer
 * version changed) in the background with progress, fed one segment per applied batch, and
 * queried here so no search runs on the page's main thread.
 */
import type { SearchHit } from '../bridge/features';
import type { IndexProgress, LocalSearchInput, LocalSearchResult } from '../bridge/search';
import type { StoreChanges } from '../db/apply';
import type { IrisDB, MessageRow } from '../db/schema';
import { getMeta, setMeta } from '../db/meta';
import {
	appendSegment,
	compactSegments,
	readSegments,
	type SearchSegmentRow,
	type SegmentDoc
} from '../db/search-segments';
import { hashText, InvertedIndex } from '../search/inverted-index';
import { normalizeForCheck, parseQuery } from '../search/query';
import { snippetFor } from '../search/snippet';
import { tokens } from '../search/tokenize';

/** Bump when tokens change: stored segments are then dropped and every message re-indexed. */
export const SEARCH_VERSION = 2;
/** Messages read and indexed per step of a rebuild (one segment each). */
const REBUILD_CHUNK = 1000;
/** Compact once this many segments were appended since the last compaction. */
const COMPACT_AFTER = 400;
const DEFAULT_LIMIT = 50;
/** Candidates whose text is read at a time while checking phrases and making snippets. */
const VERIFY_CHUNK = 100;

export interface SearchIndexerDeps {
	db: IrisDB;
	/** Loading the stored index (and catching up) waits for this; at once without it. */
	start?: Promise<void>;
	onProgress: (progress: IndexProgress) => void;
	log: (line: string) => void;
}

/** The text a message is found by: its text and its reasoning. */
function searchable(m: Pick<MessageRow, 'text' | 'reasoning'>): string {
	return m.reasoning ? `${m.text}\n${m.reasoning}` : m.text;
}

/** A message as a segment entry (tokenized), or null when it is not searchable yet. */
export function segmentDoc(m: MessageRow): SegmentDoc | null {
	if (m.status === 'streaming') return null;
	const text = searchable(m);
	return [m.message_id, m.chat_id, m.role, m.ts, hashText(text), tokens(text).join('\n')];
}

export class SearchIndexer {
	readonly #d: SearchIndexerDeps;
	#index = new InvertedIndex();
	#progress: IndexProgress = { state: 'loading', done: 0, total: 0 };
	/** Serializes loading, segment writes and rebuild steps (in-memory order = stored order). */
	#chain: Promise<void>;
	readonly #loaded: Promise<void>;
	#appended = 0;

	constructor(deps: SearchIndexerDeps) {
		this.#d = deps;
		this.#loaded = (deps.start ?? Promise.resolve())
			.then(() => this.#load())
			.catch((e: Error) => this.#d.log(`load failed: ${e.message}`));
		this.#chain = this.#loaded;
		// Catch up in the background; searches are answered meanwhile with what is indexed.
		void this.#chain
			.then(() => this.#catchUp())
			.catch((e: Error) => this.#d.log(`catching up failed: ${e.message}`));
	}

	/** Current progress. */
	get progress(): IndexProgress {
		return this.#progress;
	}

	/** Resolves when every change handed over so far is indexed and stored (tests, bench). */
	idle(): Promise<void> {
		return this.#chain;
	}

	/** Index what a stored batch changed (after its transaction committed). */
	apply(changes: StoreChanges): Promise<void> {
		if (!changes.put.length && !changes.removed.length && !changes.removed_chats.length) {
			return this.#chain;
		}
		return this.#run(async () => {
			const segment: SearchSegmentRow = { docs: [] };
			for (const chat of changes.removed_chats) this.#index.removeChannel(chat);
			for (const id of changes.removed) this.#index.remove(id);
			if (changes.removed.length) segment.removed = changes.removed;
			if (changes.removed_chats.length) segment.removed_chats = changes.removed_chats;
			for (const m of changes.put) {
				const doc = segmentDoc(m);
				if (doc && this.#add(doc)) segment.docs.push(doc);
			}
			if (segment.docs.length || segment.removed || segment.removed_chats) {
				await this.#append(segment);
			}
		});
	}

	/** Answer a query from the local index; see `LocalSearchApi.searchLocal`. */
	async search(input: LocalSearchInput): Promise<LocalSearchResult> {
		await this.#loaded;
		const parsed = parseQuery(input.query);
		const filters = {
			chat_ids: input.chat_ids,
			roles: input.roles,
			from: input.from,
			to: input.to
		};
		const limit = input.limit ?? DEFAULT_LIMIT;
		// Without phrases every candidate is a hit: the newest `limit` suffice. With them, some
		// candidates fail the check, so they are all ranked and read in chunks until enough pass.
		const found = this.#index.search(
			parsed.clauses,
			filters,
			parsed.checks.length ? Infinity : limit
		);
		const candidates = found.docs;
		const hits: SearchHit[] = [];
		let total = found.total;
		for (let i = 0; i < candidates.length && hits.length < limit; i += VERIFY_CHUNK) {
			const chunk = candidates.slice(i, i + VERIFY_CHUNK);
			const rows = await this.#d.db.messages.bulkGet(chunk.map((c) => c.message_id));
			for (const row of rows) {
				if (hits.length >= limit) break;
				const text = row ? searchable(row) : '';
				if (!row || !verify(text, parsed.checks)) {
					total--;
					continue;
				}
				const hit: SearchHit = {
					message_id: row.message_id,
					chat_id: row.chat_id,
					role: row.role,
					ts: row.ts,
					snippet: snippetFor(text, parsed.terms)
				};
				if (row.thread_id !== undefined) hit.thread_id = row.thread_id;
				hits.push(hit);
			}
		}
		return { hits, total, progress: this.#progress };
	}

	#add(doc: SegmentDoc): boolean {
		const [message_id, chat_id, role, ts, hash, joined] = doc;
		return this.#index.add(
			{ message_id, chat_id, role, ts, hash },
			joined ? joined.split('\n') : []
		);
	}

	async #append(segment: SearchSegmentRow): Promise<void> {
		await appendSegment(this.#d.db, segment);
		if (++this.#appended >= COMPACT_AFTER) {
			this.#appended = 0;
			const written = await compactSegments(this.#d.db);
			this.#d.log(`compacted into ${written} segments`);
		}
	}

	#run(step: () => Promise<void>): Promise<void> {
		this.#chain = this.#chain.then(step).catch((e: Error) => this.#d.log(e.message));
		return this.#chain;
	}

	#setProgress(progress: IndexProgress): void {
		this.#progress = progress;
		this.#d.onProgress(progress);
	}

	async #load(): Promise<void> {
		const db = this.#d.db;
		if ((await getMeta(db, 'search_version')) !== SEARCH_VERSION) {
			await db.search_segments.clear();
			await setMeta(db, 'search_version', SEARCH_VERSION);
			return;
		}
		const segments = await readSegments(db, (s) => {
			for (const chat of s.removed_chats ?? []) this.#index.removeChannel(chat);
			for (const id of s.removed ?? []) this.#index.remove(id);
			for (const doc of s.docs) this.#add(doc);
		});
		this.#appended = segments;
	}

	/** Index stored messages the index lacks and drop what the store no longer has. */
	async #catchUp(): Promise<void> {
		const db = this.#d.db;
		const stored = await db.messages.toCollection().primaryKeys();
		const storedSet = new Set(stored);
		const gone = [...this.#index.ids()].filter((id) => !storedSet.has(id));
		const missing = stored.filter((id) => !this.#index.get(id));
		const total = missing.length;
		this.#setProgress({ state: total ? 'indexing' : 'ready', done: 0, total });
		if (gone.length) await this.apply({ put: [], removed: gone, removed_chats: [] });
		for (let i = 0; i < total; i += REBUILD_CHUNK) {
			const ids = missing.slice(i, i + REBUILD_CHUNK);
			await this.#run(async () => {
				const rows = await db.messages.bulkGet(ids);
				const segment: SearchSegmentRow = { docs: [] };
				for (const row of rows) {
					const doc = row && segmentDoc(row);
					if (doc && this.#add(doc)) segment.docs.push(doc);
				}
				if (segment.docs.length) await this.#append(segment);
			});
			const done = Math.min(total, i + REBUILD_CHUNK);
			this.#setProgress({ state: done < total ? 'indexing' : 'ready', done, total });
		}
		this.#d.log(`search index ready: ${this.#index.stats().docs} messages`);
	}
}

/** Whether `text` contains every normalized check (phrases, CJK runs). */
function verify(text: string, checks: readonly string[]): boolean {
	if (checks.length === 0) return true;
	const normalized = normalizeForCheck(text);
	return checks.every((c) => normalized.includes(c));
}
