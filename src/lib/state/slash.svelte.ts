/**
 * Slash-command autocomplete for the composer: while the text is a single line starting with `/`,
 * offer the commands whose name starts with it — at once from the cached `commands.catalog`
 * (works offline), then merged with the gateway's `commands.complete` answer for that prefix.
 */
import type { CommandMatch, FeatureApi } from '../bridge/features';
import type { CommandRow } from '../db/schema';
import { LiveQuery } from './live.svelte';
import type { Store } from './store.svelte';
import { mergeMatches } from './slash-match';

/** Typing pauses this long (ms) before `commands.complete` is asked. */
export const COMPLETE_DEBOUNCE_MS = 150;
/**
 * Most options listed (the list scrolls, the active one kept in view): enough for every command of
 * a gateway, so none is reachable only by typing more of its name.
 */
const MAX_OPTIONS = 100;

/** The prefix to complete for `text`, or null when `text` is not a command being typed. */
export function slashPrefix(text: string): string | null {
	return /^\/[^\n]*$/.test(text) && text.length <= 64 ? text.toLowerCase() : null;
}

export class SlashCompletion {
	/** The options on offer (empty = the list is closed). */
	options = $state<CommandMatch[]>([]);
	/** Index of the highlighted option. */
	active = $state(0);
	readonly #catalog: LiveQuery<CommandRow[]>;
	readonly #complete: FeatureApi['completeCommands'];
	#prefix: string | null = null;
	#remote: CommandMatch[] = [];
	#timer: ReturnType<typeof setTimeout> | undefined;
	#dismissed: string | null = null;

	/** Offers the cached catalog of the store the app reads now, and asks `complete`. */
	constructor(store: Store, complete: FeatureApi['completeCommands']) {
		this.#complete = complete;
		this.#catalog = new LiveQuery(
			store,
			(db) => db.commands.orderBy('position').toArray(),
			[],
			() => this.#refresh()
		);
	}

	get open(): boolean {
		return this.options.length > 0;
	}

	/**
	 * The highlighted option is the command exactly as typed (`/demo` among `/demo …`): Enter
	 * then sends it rather than picking it again.
	 */
	get typedExactly(): boolean {
		return this.#prefix !== null && this.options[this.active]?.name.toLowerCase() === this.#prefix;
	}

	/** The composer's text changed. */
	update(text: string): void {
		const prefix = slashPrefix(text);
		if (prefix !== this.#prefix) {
			this.#prefix = prefix;
			this.#remote = [];
			this.active = 0;
			clearTimeout(this.#timer);
			if (prefix !== null)
				this.#timer = setTimeout(() => void this.#ask(prefix), COMPLETE_DEBOUNCE_MS);
		}
		this.#refresh();
	}

	/** Move the highlight by `delta` (wraps). */
	move(delta: number): void {
		if (!this.open) return;
		const n = this.options.length;
		this.active = (this.active + delta + n) % n;
	}

	/** The highlighted option (to insert), closing the list. */
	pick(index = this.active): CommandMatch | undefined {
		const chosen = this.options[index];
		this.close();
		return chosen;
	}

	/** Close until the prefix changes (Escape). */
	close(): void {
		this.#dismissed = this.#prefix;
		this.options = [];
	}

	dispose(): void {
		clearTimeout(this.#timer);
		this.#catalog.dispose();
	}

	async #ask(prefix: string): Promise<void> {
		try {
			const matches = await this.#complete(prefix);
			if (prefix !== this.#prefix) return;
			this.#remote = matches;
			this.#refresh();
		} catch {
			// Offline or refused: the cached catalog is all we offer.
		}
	}

	#refresh(): void {
		const prefix = this.#prefix;
		if (prefix === null || prefix === this.#dismissed) {
			this.options = [];
			if (prefix === null) this.#dismissed = null;
			return;
		}
		const local = this.#catalog.current.filter((c) => c.name.toLowerCase().startsWith(prefix));
		const merged = mergeMatches(local, this.#remote);
		// The command exactly as typed comes first (highlighted), the longer ones after it.
		const exact = merged.findIndex((c) => c.name.toLowerCase() === prefix);
		if (exact > 0) merged.unshift(...merged.splice(exact, 1));
		// A finished command (exactly typed, nothing longer) needs no list.
		const options = merged.slice(0, MAX_OPTIONS);
		this.options = options.length === 1 && options[0]?.name.toLowerCase() === prefix ? [] : options;
		if (this.active >= this.options.length) this.active = 0;
	}
}
