/**
 * Who may open (and keep) a connection before it has authenticated. Nothing is trusted before
 * `hello.ack`, so until then a connection is small and short-lived:
 *
 * - at most `preauthPerAddress` unauthenticated connections per remote address and
 *   `preauthTotal` in all (more are refused at the upgrade: 503);
 * - a valid `hello` within `helloTimeoutMs` (else closed, code 4002);
 * - at most `preauthBytes` received, counted on the raw socket as bytes arrive (frame headers
 *   included), so an unfinished 15 MiB frame is cut after 64 KiB instead of being buffered: ws's
 *   `maxPayload` is one limit for the whole server, and authenticated connections need 16 MiB;
 * - an address whose failed authentications emptied its bucket is refused (429) until it refills.
 */
import type { Duplex } from 'node:stream';
import { RateLimiter } from './rate-limiter';
import type { Limits } from './settings';

/** Close code for a connection that sent no valid `hello` in time (application range). */
export const CLOSE_HELLO_TIMEOUT = 4002;

/** One watched connection; call `authenticated()` at `hello.ack`, `closed()` when it ends. */
export interface Admitted {
	/** It authenticated: no more limits of this module apply. */
	authenticated(): void;
	/** It closed (either way). Safe to call more than once. */
	closed(): void;
}

/** What the watcher does to a connection that breaks a limit. */
export interface AdmissionActions {
	/** No hello in time: close it gracefully. */
	timeout(): void;
	/** Too many bytes before hello: cut it at once (terminate), nothing more is read. */
	overflow(received: number): void;
}

/** Pre-authentication limits of one gateway, by remote address. */
export class Admission {
	readonly failures: RateLimiter;
	readonly #pending = new Map<string, number>();
	#total = 0;

	constructor(
		readonly limits: Limits,
		now: () => number = Date.now
	) {
		this.failures = new RateLimiter(limits.authFailures, now);
	}

	/** Unauthenticated connections now, in all. */
	get pending(): number {
		return this.#total;
	}

	/** Why an upgrade from `address` is refused now (an HTTP status line), or null. */
	refusal(address: string): string | null {
		if (!this.failures.allows(address)) return '429 Too Many Requests';
		if ((this.#pending.get(address) ?? 0) >= this.limits.preauthPerAddress) {
			return '503 Service Unavailable';
		}
		if (this.#total >= this.limits.preauthTotal) return '503 Service Unavailable';
		return null;
	}

	/** A failed authentication from `address` (takes a token of its bucket). */
	failed(address: string): void {
		this.failures.take(address);
	}

	/** Whether `address` may have a token checked now. */
	mayAuthenticate(address: string): boolean {
		return this.failures.allows(address);
	}

	/**
	 * Watch an accepted, unauthenticated connection on `socket` (`head`: bytes ws already read
	 * with the upgrade). Counts it against the caps until `authenticated()` or `closed()`.
	 */
	admit(address: string, socket: Duplex, head: Buffer, act: AdmissionActions): Admitted {
		this.#pending.set(address, (this.#pending.get(address) ?? 0) + 1);
		this.#total += 1;
		let received = head.length;
		let done = false;
		const onData = (chunk: Buffer) => {
			received += chunk.length;
			if (received > this.limits.preauthBytes) {
				release();
				act.overflow(received);
			}
		};
		const timer = setTimeout(() => {
			release();
			act.timeout();
		}, this.limits.helloTimeoutMs);
		timer.unref();
		const release = () => {
			if (done) return;
			done = true;
			clearTimeout(timer);
			socket.off('data', onData);
			const left = (this.#pending.get(address) ?? 1) - 1;
			if (left > 0) this.#pending.set(address, left);
			else this.#pending.delete(address);
			this.#total -= 1;
		};
		socket.on('data', onData);
		if (received > this.limits.preauthBytes) queueMicrotask(onData.bind(null, Buffer.alloc(0)));
		return { authenticated: release, closed: release };
	}
}
