/**
 * The local-search part of the worker ⇄ page contract: the local full-text index (doc/search.md).
 * `WorkerApi` extends `LocalSearchApi`; `WorkerEvent` includes `SearchIndexEvent`.
 */
import type { SearchHit } from './features';

/**
 * Where the local index stands: `loading` its stored segments, `indexing` messages it lacks
 * (`done` of `total`, e.g. a rebuild after a tokenizer change), or `ready`.
 */
export interface IndexProgress {
	state: 'loading' | 'indexing' | 'ready';
	done: number;
	total: number;
}

/** A local query (doc/search.md "Queries"). `from`/`to` epoch ms, inclusive. */
export interface LocalSearchInput {
	query: string;
	/** Only these channels (all when absent). */
	chat_ids?: string[];
	/** Only these roles (`user`, `assistant`, `cron`, `system`; all when absent). */
	roles?: string[];
	from?: number;
	to?: number;
	/** Most hits returned (default 50). */
	limit?: number;
}

/** Hits newest first, with snippets; `total` counts every match before `limit`. */
export interface LocalSearchResult {
	hits: SearchHit[];
	total: number;
	progress: IndexProgress;
}

/** Progress of the local index, sent whenever it changes state or every few hundred messages. */
export type SearchIndexEvent = { type: 'search_index'; progress: IndexProgress };

/** Commands of the local index. */
export interface LocalSearchApi {
	/**
	 * Search the local index (works offline). Never rejects for a bad query: one without words
	 * has no hits. While the index is still loading, answers once it is loaded.
	 */
	searchLocal(input: LocalSearchInput): Promise<LocalSearchResult>;
	/** The index's current progress. */
	searchProgress(): IndexProgress;
	/**
	 * The page painted its first screen: the index may load now. At start-up the index waits for
	 * this (or for the first search, or a few seconds) so its reads of the whole store do not
	 * compete with the page's first reads (bench/README-cold-start.md). Idempotent.
	 */
	startIndexing(): void;
}
