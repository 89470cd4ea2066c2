/**
 * Which messages the reader has seen: an IntersectionObserver on the message articles inside the
 * scroller reports, debounced, the newest complete one that was at least half visible while the
 * page was visible (for `read.receipt`, doc/protocol.md "Reconnect and sync"). Renew the tracker
 * when the list changes: a new observer reports everything visible at once.
 */
import { LOCAL_PREFIX } from '$lib/db/local-id';

/** Quiet time before the newest seen message is reported, ms. */
export const READ_DEBOUNCE_MS = 300;

export class ReadTracker {
	readonly #observer: IntersectionObserver;
	readonly #onread: (message_id: string) => void;
	/** Order of a message id in the list (larger = newer), refreshed by `observe`. */
	#order = new Map<string, number>();
	#newest: string | null = null;
	#timer: ReturnType<typeof setTimeout> | undefined;

	constructor(root: Element, onread: (message_id: string) => void) {
		this.#onread = onread;
		this.#observer = new IntersectionObserver((entries) => this.#seen(entries), {
			root,
			threshold: 0.5
		});
	}

	/**
	 * Watch every `article[data-message-id]` under `container` (call after the list changed).
	 * `ids` (oldest → newest) gives the order when only some messages are in the DOM (a virtualized
	 * list); without it the DOM order is used.
	 */
	observe(container: Element, ids?: readonly string[]): void {
		const articles = container.querySelectorAll<HTMLElement>('article[data-message-id]');
		this.#order = ids
			? new Map(ids.map((id, i) => [id, i]))
			: new Map([...articles].map((a, i) => [a.dataset.messageId ?? '', i]));
		for (const article of articles) this.#observer.observe(article);
	}

	disconnect(): void {
		clearTimeout(this.#timer);
		this.#observer.disconnect();
	}

	#seen(entries: IntersectionObserverEntry[]): void {
		if (document.visibilityState !== 'visible') return;
		for (const entry of entries) {
			const { messageId: id, status } = (entry.target as HTMLElement).dataset;
			// A reply still streaming is not read yet; the tracker is renewed when it completes.
			if (!entry.isIntersecting || !id || id.startsWith(LOCAL_PREFIX) || status !== 'complete') {
				continue;
			}
			const newest = this.#newest === null ? -1 : (this.#order.get(this.#newest) ?? -1);
			if ((this.#order.get(id) ?? -1) > newest) this.#newest = id;
		}
		if (this.#newest === null) return;
		clearTimeout(this.#timer);
		this.#timer = setTimeout(() => {
			if (this.#newest !== null) this.#onread(this.#newest);
		}, READ_DEBOUNCE_MS);
	}
}
