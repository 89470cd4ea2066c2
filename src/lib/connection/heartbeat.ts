/**
 * Liveness of one socket (doc/protocol.md "Reconnect and sync"): after `idleMs` (30 s) without any
 * inbound traffic send a `ping`, again every `idleMs` while it stays quiet; after `deadMs` (90 s)
 * without any inbound frame the link is dead. `probe()` asks sooner (the network changed, the page
 * came back): a ping now, and the link is dead when nothing arrives within `probeMs` (5 s).
 * `expect()` (a request went out) probes when nothing at all arrives within `probeMs` of it: a
 * link gone silent with no word from the browser is given up in ~10 s, not 90, and the request
 * fails as "connection closed" (the outbox sends it again on the next link) instead of timing out.
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
	/** No frame for `deadMs`, or none within `probeMs` of a probe (`quietMs`: since the last one). */
	onDead: (quietMs: number) => void;
	/** ms without traffic before a ping. Default 30000. */
	idleMs?: number;
	/** ms without any frame before the link counts as dead. Default 90000. */
	deadMs?: number;
	/** ms a probe waits for any frame before the link counts as dead. Default 5000. */
	probeMs?: number;
	/**
	 * Whether a probe that `expect` calls for may go out now (false: the socket is still sending
	 * an upload's bytes, which the ping would wait behind). Default: always.
	 */
	mayProbe?: () => boolean;
}

export class Heartbeat {
	readonly #o: Required<HeartbeatOptions>;
	#timer: TimerHandle | undefined;
	#running = false;
	/** Epoch ms of the last inbound frame (or of `start`). */
	#lastSeen = 0;
	/** Epoch ms the timer fires at. */
	#due = 0;
	/** Epoch ms of the last probe, while it waits for a frame (until `#check` looks at it). */
	#probedAt: number | undefined;
	/** Whether a frame arrived since the last probe began. */
	#answered = false;
	/** Frames seen so far (`seen` calls): what followed a request is counted, not timed. */
	#frames = 0;
	/** Epoch ms of the oldest request that no frame has followed yet (`expect`). */
	#expectedAt: number | undefined;
	/** `#frames` when that request went out. */
	#expectedFrames = 0;

	constructor(options: HeartbeatOptions) {
		this.#o = { idleMs: 30_000, deadMs: 90_000, probeMs: 5000, mayProbe: () => true, ...options };
	}

	/** Start watching (call when the socket opens). */
	start(): void {
		this.#running = true;
		this.#lastSeen = this.#o.clock.now();
		this.#arm(this.#o.idleMs);
	}

	/** A frame arrived: both deadlines now count from here. */
	seen(): void {
		if (!this.#running) return;
		this.#lastSeen = this.#o.clock.now();
		this.#frames += 1;
		this.#answered = true;
	}

	/**
	 * Is the link still alive? Ping now; dead if no frame arrives within `probeMs`. A probe while
	 * one waits unanswered changes nothing (its deadline stands).
	 */
	probe(): void {
		if (!this.#running || (this.#probedAt !== undefined && !this.#answered)) return;
		this.#answered = false;
		this.#probedAt = this.#o.clock.now();
		this.#o.onIdle();
		if (!this.#running) return;
		if (this.#due > this.#probedAt + this.#o.probeMs) {
			this.#clear();
			this.#arm(this.#o.probeMs);
		}
	}

	/**
	 * A request went out: something should arrive soon. If no frame at all arrives within
	 * `probeMs`, probe (see `probe`). A request while an earlier one waits changes nothing.
	 */
	expect(): void {
		if (!this.#running) return;
		const now = this.#o.clock.now();
		if (this.#expectedAt !== undefined && this.#frames === this.#expectedFrames) return;
		this.#expectedAt = now;
		this.#expectedFrames = this.#frames;
		if (this.#due > now + this.#o.probeMs) {
			this.#clear();
			this.#arm(this.#o.probeMs);
		}
	}

	/** Stop the timer (socket closed). */
	stop(): void {
		this.#running = false;
		this.#probedAt = undefined;
		this.#expectedAt = undefined;
		this.#clear();
	}

	#clear(): void {
		if (this.#timer !== undefined) this.#o.clock.clearTimeout(this.#timer);
		this.#timer = undefined;
	}

	#arm(ms: number): void {
		this.#due = this.#o.clock.now() + ms;
		this.#timer = this.#o.clock.setTimeout(() => this.#check(), ms);
	}

	#check(): void {
		this.#timer = undefined;
		if (!this.#running) return;
		const { idleMs, deadMs, probeMs } = this.#o;
		const now = this.#o.clock.now();
		const quiet = now - this.#lastSeen;
		const expectedAt = this.#expectedAt;
		let pinged = false;
		if (expectedAt !== undefined && this.#frames > this.#expectedFrames)
			this.#expectedAt = undefined;
		else if (expectedAt !== undefined && now - expectedAt >= probeMs) {
			// Nothing since a request went out: probe now (its ping is this round's), unless an
			// upload is under way (the usual deadlines hold then).
			this.#expectedAt = undefined;
			if (this.#o.mayProbe()) {
				this.probe();
				pinged = true;
				if (!this.#running) return;
			}
		}
		const probedAt = this.#probedAt;
		const unanswered = probedAt !== undefined && !this.#answered;
		if (probedAt !== undefined && (this.#answered || now - probedAt >= probeMs)) {
			this.#probedAt = undefined;
		}
		if (quiet >= deadMs || (unanswered && now - probedAt >= probeMs)) {
			this.stop();
			this.#o.onDead(quiet);
			return;
		}
		// Quiet for a whole number of idle periods: ping (again, until something arrives).
		if (quiet >= idleMs && !pinged) this.#o.onIdle();
		if (!this.#running) return;
		const nextIdle = (Math.floor(quiet / idleMs) + 1) * idleMs;
		const next = Math.min(nextIdle, deadMs) - quiet;
		let wait = this.#probedAt === undefined ? next : Math.min(next, this.#probedAt + probeMs - now);
		if (this.#expectedAt !== undefined) wait = Math.min(wait, this.#expectedAt + probeMs - now);
		this.#arm(wait);
	}
}
