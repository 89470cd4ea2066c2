/**
 * Server search (`search` → `search.results`): the query, its scope and the hits of the latest
 * request. Kept apart from any local index so the two can be merged later. Results of an older
 * query that arrive late are dropped.
 */
import type { FeatureApi, SearchHit } from '../bridge/features';

/** Where to search: every channel, or the open one (PROTOCOL-NOTES "Scope"). */
export type SearchScope = 'all' | 'chat';

export class ServerSearch {
	query = $state('');
	scope = $state<SearchScope>('all');
	hits = $state<SearchHit[]>([]);
	searching = $state(false);
	error = $state<string | null>(null);
	/** The query the hits belong to (what `<mark>` highlights). */
	answered = $state('');
	readonly #search: FeatureApi['search'];
	#seq = 0;

	constructor(search: FeatureApi['search']) {
		this.#search = search;
	}

	/** Run the current query in `chat_id` (for scope `chat`). Never throws. */
	async run(chat_id: string | undefined): Promise<void> {
		const query = this.query.trim();
		const seq = ++this.#seq;
		if (!query) {
			this.hits = [];
			this.answered = '';
			this.error = null;
			return;
		}
		this.searching = true;
		try {
			const input: { query: string; scope: SearchScope; chat_id?: string } = {
				query,
				scope: this.scope
			};
			if (this.scope === 'chat' && chat_id !== undefined) input.chat_id = chat_id;
			const hits = await this.#search(input);
			if (seq !== this.#seq) return;
			this.hits = hits;
			this.answered = query;
			this.error = null;
		} catch (e) {
			if (seq === this.#seq) this.error = e instanceof Error ? e.message : String(e);
		} finally {
			if (seq === this.#seq) this.searching = false;
		}
	}
}
