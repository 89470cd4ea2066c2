/**
 * Parse a search query (doc/search.md "Queries"): words are ANDed; `"…"` is a phrase; the last
 * word is a prefix while the user is still typing it (no space after it yet).
 */
import { bigrams, fold, isCjk, runs } from './tokenize';

/** One index lookup: an exact token, or every token starting with `token`. */
export interface Clause {
	token: string;
	prefix: boolean;
}

/** A parsed query: all clauses must match, then every `checks` string must occur in the text. */
export interface ParsedQuery {
	clauses: Clause[];
	/**
	 * Normalized substrings (see `normalizeForCheck`) a hit's text must contain: phrases, and CJK
	 * runs (their bigrams may match apart).
	 */
	checks: string[];
	/** The words and phrases, as typed, for highlighting. */
	terms: string[];
}

/** Folded text with every run separated by one space and a space at each end, for `checks`. */
export function normalizeForCheck(text: string): string {
	return ` ${runs(fold(text)).join(' ')} `;
}

/** Parse `query`. An empty or punctuation-only query gives no clauses (and no hits). */
export function parseQuery(query: string): ParsedQuery {
	const clauses: Clause[] = [];
	const checks: string[] = [];
	const terms: string[] = [];
	const typing = !/\s$/.test(query);
	const parts = [...query.matchAll(/"([^"]*)"?|[^\s"]+/g)];
	parts.forEach((part, i) => {
		const phrase = part[1];
		const raw = phrase ?? part[0];
		const words = runs(fold(raw));
		if (words.length === 0) return;
		terms.push(raw.trim());
		const last = i === parts.length - 1 && typing && phrase === undefined;
		if (phrase !== undefined && words.length > 1) {
			// Whole words inside a phrase, so " cat " does not match "cats".
			checks.push(normalizeForCheck(raw));
		}
		words.forEach((word, j) => {
			if (isCjk(word)) {
				const grams = bigrams(word);
				// One character: every token starting with it (bigrams, and the character itself
				// where it ends a run).
				if (grams.length === 1 && Array.from(word).length === 1) {
					clauses.push({ token: word, prefix: true });
				} else for (const g of grams) clauses.push({ token: g, prefix: false });
				if (grams.length > 1) checks.push(word);
			} else {
				clauses.push({ token: word, prefix: last && j === words.length - 1 });
			}
		});
	});
	return { clauses: dedupe(clauses), checks, terms };
}

function dedupe(clauses: Clause[]): Clause[] {
	const seen = new Map<string, Clause>();
	for (const c of clauses) {
		const prev = seen.get(c.token);
		// An exact match of a token is also a prefix match of it: keep the stricter clause.
		if (!prev || (prev.prefix && !c.prefix)) seen.set(c.token, c);
	}
	return [...seen.values()];
}
