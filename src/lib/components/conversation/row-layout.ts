/**
 * How the message log lays out each row from its neighbours: a date separator before the first
 * message of each calendar day, and consecutive messages from one sender grouped (one name per
 * group, tighter spacing inside it). Pure: the list computes it per row, oldest → newest, and
 * each virtualized row renders its own part (separator, name), so no row depends on another
 * being mounted.
 */

/** Messages closer than this (ms) from the same sender, on the same day, form one group. */
export const GROUP_GAP_MS = 5 * 60_000;

/** What a row's layout reads of its message. */
export interface LayoutInput {
	role: string;
	/** Epoch ms. */
	ts: number;
}

/** Where a row sits among its neighbours. */
export interface RowLayout {
	/** The first message of its local calendar day: a date separator goes above it. */
	dayStart: boolean;
	/** Starts a sender group: the sender's name and the wider gap go above it. */
	groupStart: boolean;
	/** Ends a sender group (the next message is another sender's, later, or another day). */
	groupEnd: boolean;
}

/** The local calendar day of an epoch-ms timestamp, as a comparable key. */
export function dayKey(ts: number): number {
	const d = new Date(ts);
	return d.getFullYear() * 10_000 + d.getMonth() * 100 + d.getDate();
}

/** Whether `next` continues the group of `prev` (same sender, same day, within the gap). */
function continues(prev: LayoutInput, next: LayoutInput): boolean {
	return (
		prev.role === next.role &&
		dayKey(prev.ts) === dayKey(next.ts) &&
		next.ts - prev.ts <= GROUP_GAP_MS &&
		next.ts >= prev.ts
	);
}

/** The layout of each of `rows` (oldest → newest), index for index. */
export function layoutRows(rows: readonly LayoutInput[]): RowLayout[] {
	return rows.map((row, i) => {
		const prev = rows[i - 1];
		const next = rows[i + 1];
		return {
			dayStart: !prev || dayKey(prev.ts) !== dayKey(row.ts),
			groupStart: !prev || !continues(prev, row),
			groupEnd: !next || !continues(row, next)
		};
	});
}

/** Milliseconds from `now` (epoch ms) to the next local midnight: when "Today" changes. */
export function msUntilMidnight(now: number): number {
	const d = new Date(now);
	d.setHours(24, 0, 0, 0);
	return d.getTime() - now;
}
