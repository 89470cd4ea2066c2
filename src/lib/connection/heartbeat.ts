/**
 * Liveness of one socket (PROTOCOL-NOTES "Reconnect and sync"): after `idleMs` (30 s) without any
 * inbound traffic send a `ping`; after `deadMs` (90 s) without any inbound frame the link is dead.
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
	#idleTimer: TimerHandle | undefined;
	#deadTimer: TimerHandle | undefined;
	#running = false;

	constructor(options: HeartbeatOptions) {
		this.#o = { idleMs: 30_000, deadMs: 90_000, ...options };
	}

	/** Start watching (call when the socket opens). */
	start(): void {
		this.#running = true;
		this.seen();
	}

	/** A frame arrived: push both deadlines back. */
	seen(): void {
		if (!this.#running) return;
		this.#clear();
		this.#armIdle();
		this.#deadTimer = this.#o.clock.setTimeout(() => {
			this.stop();
			this.#o.onDead();
		}, this.#o.deadMs);
	}

	/** Stop all timers (socket closed). */
	stop(): void {
		this.#running = false;
		this.#clear();
	}

	#armIdle(): void {
		this.#idleTimer = this.#o.clock.setTimeout(() => {
			if (!this.#running) return;
			this.#o.onIdle();
			// Keep pinging every idle period until something arrives or the link is declared dead.
			this.#armIdle();
		}, this.#o.idleMs);
	}

	#clear(): void {
		if (this.#idleTimer !== undefined) this.#o.clock.clearTimeout(this.#idleTimer);
		if (this.#deadTimer !== undefined) this.#o.clock.clearTimeout(this.#deadTimer);
		this.#idleTimer = this.#deadTimer = undefined;
	}
}
