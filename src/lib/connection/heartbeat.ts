/**
 * Liveness of one socket (doc/protocol.md "Reconnect and sync"): after `idleMs` (30 s) without any
 * inbound traffic send a `ping`, again every `idleMs` while it stays quiet; after `deadMs` (90 s)
 * without any inbound frame the link is dead.
 *
 * A frame only records when it arrived: the one timer compares with that time when it fires and
 * re-arms itself for the next moment that matters. Re-arming timers on every frame cost four timer
 * calls per `message.update`, a large share of a burst's ingest in a browser worker.
 */
import type { Clock, TimerHandle } from '../platform/clock';

export interface HeartbeatOptions {
	clock: Clock;
	/** Send a ping now. */
	onIdle: () => void;
	/** No frame for `deadMs`: close and reconnect. */
	onDead: () => void;
	/** ms without traffic before a ping. Default 30000. */
	idleMs?: number;
	/** ms without any frame before the link counts as dead. Default 90000. */
	deadMs?: number;
}

export class Heartbeat {
	readonly #o: Required<HeartbeatOptions>;
	#timer: TimerHandle | undefined;
	#running = false;
	/** Epoch ms of the last inbound frame (or of `start`). */
	#lastSeen = 0;

	constructor(options: HeartbeatOptions) {
		this.#o = { idleMs: 30_000, deadMs: 90_000, ...options };
	}

	/** Start watching (call when the socket opens). */
	start(): void {
		this.#running = true;
		this.#lastSeen = this.#o.clock.now();
		this.#arm(this.#o.idleMs);
	}

	/** A frame arrived: both deadlines now count from here. */
	seen(): void {
		if (this.#running) this.#lastSeen = this.#o.clock.now();
	}

	/** Stop the timer (socket closed). */
	stop(): void {
		this.#running = false;
		if (this.#timer !== undefined) this.#o.clock.clearTimeout(this.#timer);
		this.#timer = undefined;
	}

	#arm(ms: number): void {
		this.#timer = this.#o.clock.setTimeout(() => this.#check(), ms);
	}

	#check(): void {
		this.#timer = undefined;
		if (!this.#running) return;
		const { idleMs, deadMs } = this.#o;
		const quiet = this.#o.clock.now() - this.#lastSeen;
		if (quiet >= deadMs) {
			this.stop();
			this.#o.onDead();
			return;
		}
		// Quiet for a whole number of idle periods: ping (again, until something arrives).
		if (quiet >= idleMs) this.#o.onIdle();
		if (!this.#running) return;
		const nextIdle = (Math.floor(quiet / idleMs) + 1) * idleMs;
		this.#arm(Math.min(nextIdle, deadMs) - quiet);
	}
}
