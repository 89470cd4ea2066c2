/**
 * The in-memory inverted index the worker queries (doc/search.md "Index"). Documents get
 * increasing numbers; a posting list is the ascending numbers of the documents holding a token.
 * Removing or re-adding a message only marks its old number dead (lists are never rewritten);
 * `stats().dead` tells the owner when compacting pays off.
 */
import type { Clause } from './query';
import { TopK } from './top-k';

/** What the index keeps of a message besides its tokens. `ts` epoch ms. */
export interface IndexedDoc {
	message_id: string;
	chat_id: string;
	role: string;
	ts: number;
	/** A hash of the indexed text: re-adding the same text is a no-op. */
	hash: number;
}

/** Narrow a query: one or more channels, roles, and an inclusive `ts` range (epoch ms). */
export interface SearchFilters {
	chat_ids?: readonly string[];
	roles?: readonly string[];
	from?: number;
	to?: number;
}

/** 32-bit FNV-1a of a string (UTF-16 code units); cheap change detection, not security. */
export function hashText(text: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	return h >>> 0;
}

export class InvertedIndex {
	readonly #docs: (IndexedDoc | null)[] = [];
	readonly #byId = new Map<string, number>();
	readonly #postings = new Map<string, number[]>();
	/** Tokens by first character, for prefix lookups without a sorted dictionary. */
	readonly #byFirst = new Map<string, string[]>();
	#dead = 0;
	/** Scratch bitmap for prefix unions, reused (and left all zero) across queries. */
	#marks = new Uint8Array(0);

	/** Live documents, and dead numbers still in posting lists. */
	stats(): { docs: number; dead: number; tokens: number } {
		return { docs: this.#byId.size, dead: this.#dead, tokens: this.#postings.size };
	}

	/** The stored doc of a message, if indexed. */
	get(message_id: string): IndexedDoc | undefined {
		const n = this.#byId.get(message_id);
		return n === undefined ? undefined : (this.#docs[n] ?? undefined);
	}

	/** The ids of every indexed message. */
	ids(): IterableIterator<string> {
		return this.#byId.keys();
	}

	/**
	 * Index a message's tokens, replacing an earlier version of it. Returns false when the same
	 * text (by hash) and fields were indexed already.
	 */
	add(doc: IndexedDoc, tokens: readonly string[]): boolean {
		const old = this.get(doc.message_id);
		if (
			old &&
			old.hash === doc.hash &&
			old.chat_id === doc.chat_id &&
			old.ts === doc.ts &&
			old.role === doc.role
		) {
			return false;
		}
		this.remove(doc.message_id);
		const n = this.#docs.length;
		this.#docs.push(doc);
		this.#byId.set(doc.message_id, n);
		for (const token of tokens) {
			let list = this.#postings.get(token);
			if (!list) {
				list = [];
				this.#postings.set(token, list);
				const first = token[0]!;
				let bucket = this.#byFirst.get(first);
				if (!bucket) this.#byFirst.set(first, (bucket = []));
				bucket.push(token);
			}
			list.push(n);
		}
		return true;
	}

	/** Forget a message (no-op when not indexed). */
	remove(message_id: string): void {
		const n = this.#byId.get(message_id);
		if (n === undefined) return;
		this.#docs[n] = null;
		this.#byId.delete(message_id);
		this.#dead++;
	}

	/** Forget every message of a channel; returns their ids. */
	removeChannel(chat_id: string): string[] {
		const gone: string[] = [];
		for (const [id, n] of this.#byId) if (this.#docs[n]?.chat_id === chat_id) gone.push(id);
		for (const id of gone) this.remove(id);
		return gone;
	}

	/**
	 * Documents matching every clause and the filters, newest first (`ts`, then later indexed):
	 * the first `limit` of them (all when absent), and how many match in all.
	 */
	search(
		clauses: readonly Clause[],
		filters: SearchFilters = {},
		limit = Infinity
	): { docs: IndexedDoc[]; total: number } {
		if (clauses.length === 0) return { docs: [], total: 0 };
		const lists = clauses.map((c) => this.#lookup(c));
		lists.sort((a, b) => a.length - b.length);
		let hits = lists[0]!;
		for (const other of lists.slice(1)) {
			if (hits.length === 0) break;
			hits = intersect(hits, other);
		}
		const chats = filters.chat_ids ? new Set(filters.chat_ids) : null;
		const roles = filters.roles ? new Set(filters.roles) : null;
		const from = filters.from ?? -Infinity;
		const to = filters.to ?? Infinity;
		const top = new TopK(limit, this.#docs);
		// Newest numbers first: they are mostly the newest messages, so the heap fills with its
		// final members early and most of a long list fails its first comparison.
		for (let i = hits.length - 1; i >= 0; i--) {
			const n = hits[i]!;
			const doc = this.#docs[n];
			if (!doc) continue;
			if (chats && !chats.has(doc.chat_id)) continue;
			if (roles && !roles.has(doc.role)) continue;
			if (doc.ts < from || doc.ts > to) continue;
			top.push(n);
		}
		return { docs: top.sorted(), total: top.seen };
	}

	/** Ascending document numbers for one clause. */
	#lookup(clause: Clause): readonly number[] {
		if (!clause.prefix) return this.#postings.get(clause.token) ?? [];
		const matching = (this.#byFirst.get(clause.token[0]!) ?? []).filter((t) =>
			t.startsWith(clause.token)
		);
		if (matching.length === 1) return this.#postings.get(matching[0]!)!;
		// Union through a bitmap over document numbers: linear, and already ascending.
		if (this.#marks.length < this.#docs.length) {
			this.#marks = new Uint8Array(Math.max(1024, this.#docs.length * 2));
		}
		const marks = this.#marks;
		let count = 0;
		for (const t of matching) {
			for (const n of this.#postings.get(t)!) {
				if (!marks[n]) {
					marks[n] = 1;
					count++;
				}
			}
		}
		const out = new Array<number>(count);
		let k = 0;
		for (let n = 0; k < count; n++) {
			if (marks[n]) {
				out[k++] = n;
				marks[n] = 0;
			}
		}
		return out;
	}
}

/** Ascending `a` ∩ ascending `b`, by binary search of `b` (a is the shorter). */
function intersect(a: readonly number[], b: readonly number[]): number[] {
	const out: number[] = [];
	let lo = 0;
	for (const n of a) {
		let hi = b.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (b[mid]! < n) lo = mid + 1;
			else hi = mid;
		}
		if (lo === b.length) break;
		if (b[lo] === n) out.push(n);
	}
	return out;
}
