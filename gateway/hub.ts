/**
 * State shared by all connections of one gateway: the authenticated peers, the store (messages,
 * replay log, channels, read marks … in `./storage/`), the clock, and the per-chat queue of agent
 * turns.
 *
 * Commit before you acknowledge: `atomically` runs a handler's writes as one transaction and
 * holds back every frame it sends (`send`, `broadcast`) until the commit, so no device ever sees
 * a frame, an ack or an answer that a crash could take back. A failed commit (a full disk) sends
 * nothing and changes nothing; the caller answers `error{internal}`.
 */
import type { Channel, ServerFrame } from '../src/lib/protocol/iris';
import { MonotonicClock } from './clock';
import { escapeLogText } from './log-text';
import { RateLimiter, type RateLimit } from './limits/rate-limiter';
import type { Agent } from './agents/agent';
import { DEFAULT_LIMITS } from './limits/settings';
import type { FrameRecorder } from './recorder';
import type { PushOptions } from './push/options';
import { PushService } from './push/service';
import { MediaStore } from './media/store';
import { MemoryStore } from './storage/memory';
import { DEFAULT_RETENTION_MS } from './storage/replay';
import { scopeKey, type GatewayStore, type MessageTable, type Scope } from './storage/types';
import type { StepHold } from './step-hold';
import { DEFAULT_MEDIA_LIMIT_BYTES } from '../src/lib/protocol/iris';

/** Something frames can be sent to: one authenticated WebSocket connection. */
export interface Peer {
	/** Encode and send one frame; a no-op if the socket is no longer open. */
	send(frame: ServerFrame): void;
	/** `hello.device_id` once authenticated (push goes to devices that are not connected). */
	readonly deviceId?: string;
}

/** Settings of one gateway; `demoStepMs` in ms. */
export interface HubOptions {
	/** The pairing token; `npm run token:rotate` replaces it in a running gateway. */
	token: string;
	demoStepMs: number;
	log: (line: string) => void;
	/** Called with every text frame in and out (`IRIS_RECORD_FRAMES`); absent = not recorded. */
	record?: FrameRecorder;
	/** Web Push through the gateway; off when undefined. */
	push?: PushOptions;
	/** Largest upload accepted, bytes (default 50 MiB). */
	mediaMaxBytes?: number;
	/** Largest `message.send` text accepted, UTF-8 bytes (default `DEFAULT_MAX_MESSAGE_BYTES`). */
	maxMessageBytes?: number;
	/** How long frames a device has not acknowledged are kept for it, ms (default 7 days). */
	retentionMs?: number;
	/** `message.send` per device (default `DEFAULT_LIMITS.sends`, ./limits/settings.ts). */
	sendLimit?: RateLimit;
	/** Who answers (`IRIS_AGENT`, ./agents/); undefined: the demo agent. */
	agent?: Agent;
}

/** Default `IRIS_MAX_MESSAGE_BYTES`: 1 MiB of UTF-8 text. */
export const DEFAULT_MAX_MESSAGE_BYTES = 1024 * 1024;

/** What `status.state` the demo gateway reports (`status` frame). */
export type ServerState = 'online' | 'restarting' | 'degraded';

/** The one default channel a new gateway has (frames without `chat_id` belong to it). */
export const DEFAULT_CHANNEL: Required<Channel> = {
	chat_id: 'default',
	name: 'General',
	kind: 'default',
	parent_chat_id: null,
	is_default: true
};

/** Counters the test hooks report (`GET /__test/state`). */
export interface HubStats {
	/** `message.send` frames received (resends included). */
	sendsReceived: number;
	/** Of those, resends of a `client_msg_id` already accepted (answered with the original ack). */
	duplicateSends: number;
}

/** Shared gateway state; one per `startGateway` (a test-hook restart makes a new one). */
export class Hub {
	readonly clock: MonotonicClock;
	readonly store: GatewayStore;
	readonly stats: HubStats = { sendsReceived: 0, duplicateSends: 0 };
	readonly options: HubOptions;
	/** Web Push to devices that are not connected (`IRIS_PUSH=webpush`); undefined when off. */
	readonly push: PushService | undefined;
	/** `message.send` budget per device id (answered `error{rate_limited}` when empty). */
	readonly sends: RateLimiter;
	readonly media: MediaStore;
	/** When this hub started, epoch ms (`GET /healthz` uptime). */
	readonly startedAt = Date.now();
	readonly #peers = new Set<Peer>();
	readonly #abort = new AbortController();
	readonly #turns = new Map<string, Promise<void>>();
	/** Sends held back until the running `atomically` commits; null outside one. */
	#pending: (() => void)[] | null = null;
	#channels: Channel[] | undefined;

	/** `store`: what the gateway keeps (default: a fresh in-memory store). */
	constructor(options: HubOptions, store: GatewayStore = new MemoryStore()) {
		this.options = options;
		this.store = store;
		// After everything stored, answers a killed run left streaming included.
		const streamed = store.events.openStreams().map((s) => s.ts);
		this.clock = new MonotonicClock(Date.now, Math.max(store.messages.latestTs(), ...streamed));
		this.media = new MediaStore(store.media, options.mediaMaxBytes ?? DEFAULT_MEDIA_LIMIT_BYTES);
		this.sends = new RateLimiter(options.sendLimit ?? DEFAULT_LIMITS.sends);
		this.push =
			options.push &&
			new PushService(options.push, store.push, (l) => this.log(l), DEFAULT_CHANNEL.chat_id);
		if (store.channels.list().length === 0) store.channels.replaceAll([{ ...DEFAULT_CHANNEL }]);
	}

	/** The completed messages (history, search, dedupe). */
	get messages(): MessageTable {
		return this.store.messages;
	}

	/** The replay log behind `sync`. */
	get events(): GatewayStore['events'] {
		return this.store.events;
	}

	/** The channel list (a copy: change it with `saveChannels`). */
	get channels(): Channel[] {
		this.#channels ??= this.store.channels.list();
		return this.#channels.map((c) => ({ ...c }));
	}

	/** Replace the channel list (inside the caller's transaction, if any). */
	saveChannels(channels: readonly Channel[]): void {
		this.#channels = undefined;
		this.store.channels.replaceAll(channels);
	}

	/**
	 * False while the agent server cannot be reached (`Agent.attach`): `state` is then
	 * `degraded`. Not stored: a restarted gateway looks again.
	 */
	agentReachable = true;

	/** Where the demo agent's steps can be held (the test hooks'); none: they never are. */
	steps: StepHold | undefined;

	/**
	 * Reported in the `status` sent after every `hello.ack`; `/demo status` changes it. An
	 * unreachable agent server makes an online gateway `degraded`.
	 */
	get state(): ServerState {
		const stored = this.store.meta.get<ServerState>('server_state') ?? 'online';
		return stored === 'online' && !this.agentReachable ? 'degraded' : stored;
	}

	set state(state: ServerState) {
		this.store.meta.set('server_state', state);
	}

	/** The last `read.receipt` per chat: `chat_id` → `message_id` (shared by the user's devices). */
	get reads(): Record<string, string> {
		return this.store.meta.get<Record<string, string>>('reads') ?? {};
	}

	/** Move the read mark of `chatId`. */
	setRead(chatId: string, messageId: string): void {
		this.store.meta.set('reads', { ...this.reads, [chatId]: messageId });
	}

	/** How long unacknowledged frames are kept, ms. */
	get retentionMs(): number {
		return this.options.retentionMs ?? DEFAULT_RETENTION_MS;
	}

	/**
	 * Run `fn` as one transaction; what it sends through `send`/`broadcast` goes out only after the
	 * commit, in order. If `fn` or the commit throws, nothing is written and nothing sent.
	 */
	atomically<T>(fn: () => T): T {
		if (this.#pending) return fn();
		const pending: (() => void)[] = [];
		this.#pending = pending;
		let result: T;
		try {
			result = this.store.transaction(fn);
		} catch (e) {
			this.#channels = undefined;
			throw e;
		} finally {
			this.#pending = null;
		}
		for (const send of pending) send();
		return result;
	}

	/** Send `frame` to `peer`, after the commit when inside `atomically`. */
	send(peer: Peer, frame: ServerFrame): void {
		if (this.#pending) this.#pending.push(() => peer.send(frame));
		else peer.send(frame);
	}

	/** Resolves once no turn is running or queued (a graceful restart waits for it). */
	async idle(): Promise<void> {
		while (this.#turns.size > 0) await Promise.all(this.#turns.values());
	}

	/** Aborted when the gateway closes: running turns stop, queued ones never start. */
	get signal(): AbortSignal {
		return this.#abort.signal;
	}

	/**
	 * Log one line, prefixed `[gateway] `. Escaped (../log-text.ts): messages quote what clients
	 * sent, and no client may start a line of its own or rewrite the terminal.
	 */
	log(message: string): void {
		this.options.log(`[gateway] ${escapeLogText(message)}`);
	}

	/** Start delivering broadcasts to `peer` (after its `hello.ack`). */
	addPeer(peer: Peer): void {
		this.#peers.add(peer);
	}

	removePeer(peer: Peer): void {
		this.#peers.delete(peer);
	}

	/** Authenticated connections now. */
	get peerCount(): number {
		return this.#peers.size;
	}

	/**
	 * The channel a (possibly absent) envelope `chat_id` names, or undefined if unknown. No
	 * `chat_id` means the current default channel (`channel.set_default` can move it).
	 */
	channel(chatId: string | undefined): Channel | undefined {
		if (chatId === undefined) return this.channels.find((c) => c.is_default);
		return this.channels.find((c) => c.chat_id === chatId);
	}

	/**
	 * Send `frame` (an event: no request `id`) to every authenticated peer except `except`.
	 * With `record`, it is first committed to the replay log, so devices that are offline now get
	 * it on `sync`; ephemeral frames (`typing`) are not recorded.
	 */
	broadcast(frame: ServerFrame, opts: { record: boolean; except?: Peer }): void {
		this.atomically(() => {
			if (opts.record) this.store.events.append(frame);
			this.#pending!.push(() => {
				for (const peer of this.#peers) if (peer !== opts.except) peer.send(frame);
				this.push?.onBroadcast(frame, this.#connectedDevices());
			});
		});
	}

	#connectedDevices(): Set<string> {
		const devices = new Set<string>();
		for (const peer of this.#peers) if (peer.deviceId !== undefined) devices.add(peer.deviceId);
		return devices;
	}

	/**
	 * Run `turn` after the turns already queued for `scope`: one agent answers one message at a
	 * time per chat, as a real agent would. Failures are logged, never thrown; a turn whose
	 * sender disconnected still runs (its frames are logged for sync).
	 */
	enqueueTurn(scope: Scope, turn: (signal: AbortSignal) => Promise<void>): void {
		const key = scopeKey(scope);
		const previous = this.#turns.get(key) ?? Promise.resolve();
		const next = previous
			.then(() => (this.signal.aborted ? undefined : turn(this.signal)))
			.catch((e: unknown) => {
				if (!this.signal.aborted) this.log(`turn failed: ${String(e)}`);
			})
			.finally(() => {
				if (this.#turns.get(key) === next) this.#turns.delete(key);
			});
		this.#turns.set(key, next);
	}

	/** Stop all turns (gateway shutdown). The store stays open: the caller owns it. */
	close(): void {
		this.#abort.abort();
	}
}
