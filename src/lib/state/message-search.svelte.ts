/**
 * The search dialog's state (doc/search.md "Page"): the query and filters, the local index's
 * hits (as you type, offline too) merged with the gateway's (`search` → `search.results`) when
 * connected and the gateway offers search. Answers to an older query that arrive late are dropped.
 */
import type { FeatureApi } from '../bridge/features';
import type { LocalSearchApi } from '../bridge/search';
import { mergeHits, passes, planSearch, type ResultHit } from './search-merge';

export interface MessageSearchDeps {
	local: LocalSearchApi['searchLocal'];
	server: FeatureApi['search'];
	/** Whether to ask the gateway too: connected and `server_caps.search` not false. */
	canAskServer: () => Promise<boolean>;
	/** The ids among `ids` stored on this device. */
	stored: (ids: string[]) => Promise<Set<string>>;
}

export class MessageSearch {
	query = $state('');
	/** `all`, `chat` (the open channel) or `in:<chat_id>`. */
	where = $state('all');
	role = $state('');
	/** `YYYY-MM-DD` or empty. */
	from = $state('');
	to = $state('');
	hits = $state<ResultHit[]>([]);
	/** Matches in the local index (may exceed the hits shown). */
	localTotal = $state(0);
	searching = $state(false);
	/** The gateway could not be asked (offline) or failed: results are this device's only. */
	localOnly = $state(false);
	error = $state<string | null>(null);
	/** The query the hits belong to (what `<mark>` highlights). */
	answered = $state('');
	readonly #d: MessageSearchDeps;
	#seq = 0;

	constructor(deps: MessageSearchDeps) {
		this.#d = deps;
	}

	/**
	 * Search the local index only (as the user types): fast, and offline too. Never throws.
	 * Returns false when superseded by a later search.
	 */
	async runLocal(current: string | undefined): Promise<boolean> {
		const seq = ++this.#seq;
		const query = this.query;
		if (!query.trim()) {
			this.hits = [];
			this.answered = '';
			this.localTotal = 0;
			this.error = null;
			return true;
		}
		const { local } = planSearch(query, this, current);
		try {
			const result = await this.#d.local(local);
			if (seq !== this.#seq) return false;
			this.hits = result.hits.map((h) => ({ ...h, source: 'local' }));
			this.localTotal = result.total;
			this.answered = query;
			this.error = null;
			return true;
		} catch (e) {
			if (seq === this.#seq) this.error = e instanceof Error ? e.message : String(e);
			return false;
		}
	}

	/** Search locally, then ask the gateway and merge its hits the local store lacks. */
	async run(current: string | undefined): Promise<void> {
		if (!(await this.runLocal(current)) || !this.query.trim()) return;
		const seq = this.#seq;
		const plan = planSearch(this.query, this, current);
		if (!(await this.#d.canAskServer())) {
			this.localOnly = true;
			return;
		}
		this.searching = true;
		try {
			const server = (await this.#d.server(plan.server)).filter((h) => passes(h, plan.local));
			const stored = await this.#d.stored(server.map((h) => h.message_id));
			if (seq !== this.#seq) return;
			this.hits = mergeHits(this.hits, server, stored);
			this.localOnly = false;
		} catch {
			// The gateway's answer is a bonus: the local hits stand, with the note.
			if (seq === this.#seq) this.localOnly = true;
		} finally {
			if (seq === this.#seq) this.searching = false;
		}
	}
}
