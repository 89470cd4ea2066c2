/** Statistics for the search bench (the same definitions as issue 7's `bench/support.ts`). */

/** Median of `values` (NaN when empty). */
export function median(values: readonly number[]): number {
	if (values.length === 0) return NaN;
	const s = [...values].sort((a, b) => a - b);
	const mid = Math.floor(s.length / 2);
	return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The `p`-th percentile (0–100, nearest rank) of `values` (NaN when empty). */
export function percentile(values: readonly number[], p: number): number {
	if (values.length === 0) return NaN;
	const s = [...values].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}
