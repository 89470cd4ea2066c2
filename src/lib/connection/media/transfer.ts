/**
 * Pieces both transfer directions share: hashing, reassembly of pulled bytes, throttled
 * progress, and the human message for a refused transfer (doc/protocol.md "Media").
 */
import { toHex } from '../../protocol/iris/media';
import type { Clock } from '../../platform/clock';
import type { TransferProgress } from '../../bridge/contract';
import { RequestError, RequestTimeoutError } from '../requests';

/** The usual request timeout, ms (doc/protocol.md "Requests, responses, acks"). */
const BASE_TIMEOUT_MS = 15_000;
/** Slowest link we wait for, bytes per second: below it a transfer counts as stalled. */
const SLOWEST_BYTES_PER_S = 64 * 1024;

/**
 * Timeout (ms) of a request whose answer follows `bytes` of transfer: the usual 15 s plus the time
 * the bytes take at 64 KiB/s, so a large file on a slow link is not reported as timed out.
 */
export function transferTimeoutMs(bytes: number): number {
	return BASE_TIMEOUT_MS + Math.ceil((Math.max(0, bytes) / SLOWEST_BYTES_PER_S) * 1000);
}

/** Hex SHA-256 of `data` (WebCrypto; in the worker, so off the main thread). */
export async function sha256Hex(data: BufferSource): Promise<string> {
	return toHex(await crypto.subtle.digest('SHA-256', data));
}

/** The pulled bytes did not add up to the announced `size`. */
export class SizeMismatchError extends Error {
	constructor(
		readonly expected: number,
		readonly received: number
	) {
		super(`expected ${expected} bytes, received ${received}`);
		this.name = 'SizeMismatchError';
	}
}

/** Collects the binary frames of one `media.pull` in order. */
export class Reassembly {
	readonly #chunks: ArrayBuffer[] = [];
	#loaded = 0;

	/** Append one binary frame. */
	push(chunk: ArrayBuffer): void {
		this.#chunks.push(chunk);
		this.#loaded += chunk.byteLength;
	}

	/** Bytes received so far. */
	get loaded(): number {
		return this.#loaded;
	}

	/**
	 * The assembled Blob of type `mime`. Throws `SizeMismatchError` if `expected` (bytes, from the
	 * media ref) is known and differs from what arrived: nothing half-written is kept.
	 */
	finish(expected: number | undefined, mime: string | undefined): Blob {
		if (expected !== undefined && expected !== this.#loaded) {
			throw new SizeMismatchError(expected, this.#loaded);
		}
		return new Blob(this.#chunks, mime ? { type: mime } : {});
	}
}

/** Emits progress at most every `intervalMs` (ms), except state changes which always go out. */
export class ProgressThrottle {
	#last = -Infinity;
	#lastState: TransferProgress['state'] | undefined;

	constructor(
		private readonly clock: Clock,
		private readonly emit: (p: TransferProgress) => void,
		private readonly intervalMs = 100
	) {}

	/** Pass `p` on unless the last one went out less than `intervalMs` ago (same state, not done). */
	report(p: TransferProgress): void {
		const now = this.clock.now();
		if (p.state === this.#lastState && p.loaded < p.total && now - this.#last < this.intervalMs) {
			return;
		}
		this.#last = now;
		this.#lastState = p.state;
		this.emit(p);
	}
}

/**
 * Watches the answer to `media.upload.start`: a server may answer it or not, and only a refusal
 * (`error`) matters — it ends the transfer, also while the app waits for the end's answer.
 */
export class Refusal {
	#error: RequestError | null = null;
	/** Rejects with the refusal; never resolves. Race it against the end's answer. */
	readonly promise: Promise<never>;

	constructor(answer: Promise<unknown>) {
		this.promise = new Promise<never>((_, reject) => {
			answer.catch((e: unknown) => {
				if (!(e instanceof RequestError)) return; // A timeout or a close decides nothing here.
				this.#error = e;
				reject(e);
			});
		});
		this.promise.catch(() => {
			// Also read through `error` while the frames go out.
		});
	}

	/** The server's refusal, once it came. */
	get error(): RequestError | null {
		return this.#error;
	}
}

/** Why a transfer of `name` failed, in words for the person who sent or asked for it. */
export function transferFailure(name: string, e: unknown): string {
	if (e instanceof RequestError) {
		if (e.code === 'media_too_large') {
			return `The gateway refused "${name}" as too large${e.message ? `: ${e.message}` : ''}`;
		}
		if (e.code === 'unsupported') {
			return `The gateway refused "${name}"${e.message ? `: ${e.message}` : ''}`;
		}
		return `"${name}" failed: ${e.message || e.code}`;
	}
	if (e instanceof RequestTimeoutError) return `"${name}" failed: no answer from the gateway`;
	if (e instanceof SizeMismatchError) return `"${name}" arrived incomplete (${e.message})`;
	return `"${name}" failed: ${(e as Error).message}`;
}
