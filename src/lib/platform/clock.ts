/**
 * Time, injectable so reconnect and heartbeat logic can be stepped with a fake clock in tests
 * (reconnection is one small class with an injected clock, tested by stepping fake time).
 */

/** Opaque timer handle. */
export type TimerHandle = unknown;

/** A source of time and timers. All durations are milliseconds. */
export interface Clock {
	/** Epoch milliseconds. */
	now(): number;
	setTimeout(fn: () => void, ms: number): TimerHandle;
	clearTimeout(handle: TimerHandle): void;
}

/** The real clock of the current global scope (page or worker). */
export const systemClock: Clock = {
	now: () => Date.now(),
	setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
	clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>)
};
