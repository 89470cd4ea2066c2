/**
 * Request ids and settle-by-id (doc/protocol.md "Requests, responses, acks"): ids are 1, 2, 3 … per
 * connection; any server frame carrying a pending id settles it (`error` rejects, anything else
 * resolves); no answer within `timeoutMs` (15 s) rejects with `RequestTimeoutError` — never retried
 * silently.
 */
import type { ServerFrame } from '../protocol/iris/frames';
import type { Clock, TimerHandle } from '../platform/clock';

/** The request got `error{code, message}` from the server. */
export class RequestError extends Error {
	constructor(
		readonly code: string,
		message: string,
		/** With `rate_limited`: the gateway's hint when to try again, ms (absent: no hint). */
		readonly retryAfterMs?: number
	) {
		super(message);
		this.name = 'RequestError';
	}
}

/** No answer within the timeout. */
export class RequestTimeoutError extends Error {
	constructor(readonly id: number) {
		super(`request ${id} timed out`);
		this.name = 'RequestTimeoutError';
	}
}

/** The socket closed before an answer came. */
export class ConnectionClosedError extends Error {
	constructor() {
		super('connection closed before the answer');
		this.name = 'ConnectionClosedError';
	}
}

interface Pending {
	resolve: (frame: ServerFrame) => void;
	reject: (error: Error) => void;
	timer: TimerHandle;
}

export class PendingRequests {
	readonly #pending = new Map<number, Pending>();
	#lastId = 0;

	constructor(
		private readonly clock: Clock,
		private readonly timeoutMs = 15_000
	) {}

	/**
	 * Allocate the next id and a promise that settles with the answer frame. `timeoutMs` overrides
	 * the default for requests whose answer follows a long transfer (media).
	 */
	open(timeoutMs = this.timeoutMs): { id: number; answer: Promise<ServerFrame> } {
		const id = ++this.#lastId;
		const answer = new Promise<ServerFrame>((resolve, reject) => {
			const timer = this.clock.setTimeout(() => {
				this.#pending.delete(id);
				reject(new RequestTimeoutError(id));
			}, timeoutMs);
			this.#pending.set(id, { resolve, reject, timer });
		});
		return { id, answer };
	}

	/** Settle the request this frame answers; returns false for events (no pending id). */
	settle(frame: ServerFrame): boolean {
		if (frame.id === undefined) return false;
		const p = this.#pending.get(frame.id);
		if (!p) return false;
		this.#pending.delete(frame.id);
		this.clock.clearTimeout(p.timer);
		if (frame.type === 'error') {
			const { code, message, retry_after_ms } = frame.payload;
			p.reject(new RequestError(code ?? 'internal', message ?? '', retry_after_ms));
		} else {
			p.resolve(frame);
		}
		return true;
	}

	/** Fail one request by id (e.g. its answer was malformed). */
	fail(id: number, error: Error): void {
		const p = this.#pending.get(id);
		if (!p) return;
		this.#pending.delete(id);
		this.clock.clearTimeout(p.timer);
		p.reject(error);
	}

	/** Reject everything pending (socket closed). Ids keep counting only within one connection. */
	closeAll(): void {
		for (const [id, p] of this.#pending) {
			this.clock.clearTimeout(p.timer);
			p.reject(new ConnectionClosedError());
			this.#pending.delete(id);
		}
	}

	get size(): number {
		return this.#pending.size;
	}
}
