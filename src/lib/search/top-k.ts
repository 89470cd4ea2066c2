/** Top-k selection for the inverted index (newest documents first). */
import type { IndexedDoc } from './inverted-index';

/**
 * The `k` newest of the document numbers pushed (by `ts`, then number), kept in a binary min-heap
 * so a common word costs O(n log k), not a sort of every match.
 */
export class TopK {
	readonly #heap: number[] = [];
	readonly #k: number;
	readonly #docs: readonly (IndexedDoc | null)[];
	seen = 0;

	/** Keep the `k` newest of the numbers pushed; `docs` gives each number's document (live). */
	constructor(k: number, docs: readonly (IndexedDoc | null)[]) {
		this.#k = k;
		this.#docs = docs;
	}

	/** Whether document `a` sorts before (is older than) `b`. */
	#older(a: number, b: number): boolean {
		const ta = this.#docs[a]!.ts;
		const tb = this.#docs[b]!.ts;
		return ta < tb || (ta === tb && a < b);
	}

	/** Offer document number `n` (a live document); `seen` counts every offer. */
	push(n: number): void {
		this.seen++;
		const h = this.#heap;
		if (h.length < this.#k) {
			h.push(n);
			let i = h.length - 1;
			while (i > 0) {
				const p = (i - 1) >> 1;
				if (!this.#older(h[i]!, h[p]!)) break;
				[h[i], h[p]] = [h[p]!, h[i]!];
				i = p;
			}
			return;
		}
		if (!this.#older(h[0]!, n)) return;
		h[0] = n;
		let i = 0;
		for (;;) {
			const l = 2 * i + 1;
			const r = l + 1;
			let m = i;
			if (l < h.length && this.#older(h[l]!, h[m]!)) m = l;
			if (r < h.length && this.#older(h[r]!, h[m]!)) m = r;
			if (m === i) break;
			[h[i], h[m]] = [h[m]!, h[i]!];
			i = m;
		}
	}

	/** The kept documents, newest first. */
	sorted(): IndexedDoc[] {
		return [...this.#heap].sort((a, b) => (this.#older(a, b) ? 1 : -1)).map((n) => this.#docs[n]!);
	}
}
