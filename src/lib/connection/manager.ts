/**
 * Keeps one link open to the configured gateway (doc/protocol.md "Reconnect and sync";
 * doc/architecture.md "Principles": compare and correct). Told what gateway it should have, it
 * opens, keeps or closes the link; after a drop it retries with `Backoff`, at once on `wake()`
 * (browser online, page visible); after a refused token it stops until reconfigured.
 */
import type { AppPayloads, ServerFrameOf } from '../protocol/iris/frames';
import type { ProtocolError } from '../protocol/iris/codec';
import type { Clock, TimerHandle } from '../platform/clock';
import type { ConnectionStatus, GatewayConfig } from '../bridge/contract';
import { Backoff } from './backoff';
import type { InboundEvent } from './inbound';
import { Link, type SocketLike } from './link';

export interface ManagerDeps {
	clock: Clock;
	/** Opens the socket for `config` (its dialect decides which socket: `connection/dialect.ts`). */
	createSocket: (url: string, config: GatewayConfig) => SocketLike;
	/** Whether the browser believes it is online (`navigator.onLine`). */
	isOnline: () => boolean;
	backoff?: Backoff;
	/** The reconnect delays for a gateway (v3 has its own); `backoff` or the default otherwise. */
	backoffFor?: (config: GatewayConfig) => Backoff;
	log?: (line: string) => void;
	requestTimeoutMs?: number;
}

export interface ManagerHandlers {
	onStatus(status: ConnectionStatus): void;
	/** Handshake done on `link`; the caller syncs and flushes the outbox. */
	onReady(link: Link, ack: ServerFrameOf<'hello.ack'>): void;
	onFrame(frame: InboundEvent): void;
	onInvalid(error: ProtocolError): void;
	/** The ready link went away (anything written and unacked may be lost). */
	onDown(): void;
	/** A binary frame (media bytes) on the ready link. */
	onBinary?(data: ArrayBuffer): void;
}

/** While the browser says offline, how often `isOnline()` is looked at again, ms. */
export const ONLINE_POLL_MS = 2000;

export class ConnectionManager {
	readonly #deps: ManagerDeps;
	readonly #handlers: ManagerHandlers;
	#backoff: Backoff;
	#config: GatewayConfig | null = null;
	#hello: Omit<AppPayloads['hello'], 'token'> | null = null;
	#link: Link | null = null;
	#retryTimer: TimerHandle | undefined;
	#status: ConnectionStatus = { state: 'unpaired' };

	constructor(deps: ManagerDeps, handlers: ManagerHandlers) {
		this.#deps = deps;
		this.#handlers = handlers;
		this.#backoff = deps.backoff ?? new Backoff();
	}

	get status(): ConnectionStatus {
		return this.#status;
	}

	/** The link, once its handshake is done; `null` otherwise. */
	get link(): Link | null {
		return this.#link?.ready ? this.#link : null;
	}

	/**
	 * Set the gateway this client should be connected to; `null` disconnects. `hello` carries the
	 * device fields of the `hello` frame (the token comes from `config`). The same config again is
	 * a no-op unless the token was refused (then it is a deliberate retry).
	 */
	configure(config: GatewayConfig | null, hello: Omit<AppPayloads['hello'], 'token'>): void {
		const same =
			config !== null &&
			this.#config !== null &&
			config.url === this.#config.url &&
			config.token === this.#config.token &&
			config.dialect === this.#config.dialect &&
			config.user_id === this.#config.user_id;
		this.#hello = hello;
		if (same && this.#status.state !== 'auth_failed') return;
		this.#config = config;
		this.#teardown();
		if (config && this.#deps.backoffFor) this.#backoff = this.#deps.backoffFor(config);
		this.#backoff.reset();
		if (!config) {
			this.#setStatus({ state: 'unpaired' });
			return;
		}
		this.#open();
	}

	/**
	 * Check that a ready link still carries frames (the network changed or went away, the page came
	 * back): Link `probe`. A socket can outlive the network it was opened on without a close event,
	 * and would only be found dead after 90 s of silence.
	 */
	checkLink(): void {
		if (this.#link?.ready) this.#link.probe();
	}

	/**
	 * The network came back (`online`) or the page came back: retry now if a reconnect is pending,
	 * else check the link (`checkLink`). It tries even if `isOnline()` still says no: a worker's
	 * `navigator.onLine` can lag behind the page's event.
	 */
	wake(): void {
		if (this.#link?.ready) return this.checkLink();
		if (!this.#config || this.#link || this.#status.state === 'auth_failed') return;
		this.#clearRetry();
		this.#open(true);
	}

	#open(woken = false): void {
		const config = this.#config;
		const hello = this.#hello;
		if (!config || !hello) return;
		if (!woken && !this.#deps.isOnline()) {
			// Retried on the browser's `online` event (wake); the event does not reach every
			// worker reliably, so the flag is also looked at every few seconds (no network I/O).
			// No `error`: "Offline" says it all (the page words it in the reader's language).
			if (this.#status.state !== 'offline') this.#setStatus({ state: 'offline' });
			this.#retryTimer = this.#deps.clock.setTimeout(() => {
				this.#retryTimer = undefined;
				this.#open();
			}, ONLINE_POLL_MS);
			return;
		}
		this.#setStatus({ state: this.#backoff.attempt === 0 ? 'connecting' : 'reconnecting' });
		let link: Link;
		try {
			link = new Link(
				config.url,
				{ ...hello, token: config.token },
				{
					clock: this.#deps.clock,
					createSocket: (url) => this.#deps.createSocket(url, config),
					requestTimeoutMs: this.#deps.requestTimeoutMs
				},
				{
					onReady: (ack) => {
						this.#backoff.reset();
						this.#setStatus({ state: 'connected' });
						this.#handlers.onReady(link, ack);
					},
					onFrame: (frame) => this.#handlers.onFrame(frame),
					onInvalid: (error) => this.#handlers.onInvalid(error),
					onBinary: (data) => this.#handlers.onBinary?.(data),
					onClosed: (closed) => {
						if (this.#link !== link) return;
						const wasReady = this.#status.state === 'connected';
						this.#link = null;
						if (wasReady) this.#handlers.onDown();
						if (closed.auth) {
							this.#setStatus({ state: 'auth_failed', error: 'Token rejected by the gateway' });
							return;
						}
						this.#scheduleRetry(closed.reason);
					}
				}
			);
		} catch (e) {
			// A malformed URL throws synchronously from `new WebSocket`.
			this.#setStatus({ state: 'offline', error: `Cannot connect: ${(e as Error).message}` });
			return;
		}
		this.#link = link;
	}

	#scheduleRetry(reason: string): void {
		const delay = this.#backoff.next();
		this.#deps.log?.(`[connection] ${reason}; reconnect in ${delay} ms`);
		this.#setStatus({ state: 'reconnecting', retry_in_ms: delay, error: reason });
		this.#retryTimer = this.#deps.clock.setTimeout(() => {
			this.#retryTimer = undefined;
			this.#open();
		}, delay);
	}

	#teardown(): void {
		this.#clearRetry();
		const link = this.#link;
		this.#link = null;
		if (link) {
			if (link.ready) this.#handlers.onDown();
			link.close();
		}
	}

	#clearRetry(): void {
		if (this.#retryTimer !== undefined) this.#deps.clock.clearTimeout(this.#retryTimer);
		this.#retryTimer = undefined;
	}

	#setStatus(status: ConnectionStatus): void {
		this.#status = status;
		this.#handlers.onStatus(status);
	}
}
