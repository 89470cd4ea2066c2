/**
 * Message order within a second. v3 `ts` has whole seconds, the app sorts by milliseconds: a reply
 * would sort before the question sent 700 ms into the same second, and messages of one second
 * would fall in key order. So a time that lands within the second of the latest one seen in its
 * session is moved just after it (arrival order); older times (a held backlog) stay as they are.
 */
export class SessionOrder {
	readonly #latest = new Map<string, number>();

	/** The app time (epoch ms) to store for a message of `session` stamped `ms`. */
	place(session: string, ms: number): number {
		const latest = this.#latest.get(session) ?? -Infinity;
		const placed = ms <= latest && latest < ms + 1000 ? latest + 1 : ms;
		this.#latest.set(session, Math.max(latest, placed));
		return placed;
	}

	/** A message of ours was stamped `ms` (local time): later ones of the session sort after it. */
	seen(session: string, ms: number): void {
		this.#latest.set(session, Math.max(this.#latest.get(session) ?? -Infinity, ms));
	}
}
