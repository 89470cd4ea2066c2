/**
 * The second device of the reconnect catch-up bench (bench/catch-up.bench.ts): a raw Iris
 * WebSocket client that creates channels and posts messages while the app is away, so the app's
 * reconnect has them to catch up on. Each message gets the demo agent's answer, so `turns`
 * messages leave `2 × turns` messages in the gateway's store and replay log.
 */
import { cpSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { WebSocket } from 'ws';
import type { Gateway, GatewayOptions } from '../tests/e2e/fixtures';

/** One decoded server frame, as far as the producer reads it. */
interface Frame {
	type: string;
	id?: number;
	chat_id?: string;
	payload?: Record<string, unknown>;
}

/** A paired raw connection to a gateway, with a way to await frames. */
export class Producer {
	readonly #ws: WebSocket;
	readonly #frames: Frame[] = [];
	readonly #waiters = new Set<() => void>();
	#nextId = 1;
	/** The gateway's default channel, from `hello.ack`. */
	defaultChatId = 'default';

	private constructor(ws: WebSocket) {
		this.#ws = ws;
		ws.on('message', (data) => {
			this.#frames.push(JSON.parse(String(data)) as Frame);
			for (const wake of [...this.#waiters]) wake();
		});
	}

	/** Connect to `wsUrl`, pair with `token` as device `device_id`; rejects after 20 s. */
	static async connect(wsUrl: string, token: string, device_id: string): Promise<Producer> {
		const ws = new WebSocket(wsUrl);
		await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
		const producer = new Producer(ws);
		producer.send('hello', { token, device_id });
		const ack = await producer.until((f) => f.type === 'hello.ack', 'hello.ack');
		const channels = (ack.payload?.channels ?? []) as { chat_id: string; is_default?: boolean }[];
		producer.defaultChatId = channels.find((c) => c.is_default)?.chat_id ?? 'default';
		return producer;
	}

	/** Send one frame; returns its `id`. */
	send(type: string, payload: Record<string, unknown>, chat_id?: string): number {
		const id = this.#nextId++;
		this.#ws.send(JSON.stringify({ v: 1, type, id, ...(chat_id ? { chat_id } : {}), payload }));
		return id;
	}

	/** Every frame received so far. */
	get frames(): readonly Frame[] {
		return this.#frames;
	}

	/** The first received frame matching `test` (also one already received); 60 s at most. */
	until(test: (f: Frame) => boolean, what: string, timeoutMs = 60_000): Promise<Frame> {
		return this.untilCount(test, 1, what, timeoutMs).then((found) => found[0]!);
	}

	/** Resolves with the first `count` received frames matching `test`; rejects after `timeoutMs`. */
	untilCount(
		test: (f: Frame) => boolean,
		count: number,
		what: string,
		timeoutMs = 120_000
	): Promise<Frame[]> {
		return new Promise((resolve, reject) => {
			const check = () => {
				const found = this.#frames.filter(test);
				if (found.length < count) return;
				done();
				resolve(found.slice(0, count));
			};
			const timer = setTimeout(() => {
				done();
				reject(new Error(`[bench] producer: timed out waiting for ${what}`));
			}, timeoutMs);
			const done = () => {
				clearTimeout(timer);
				this.#waiters.delete(check);
			};
			this.#waiters.add(check);
			check();
		});
	}

	/** Create channels named `names`; resolves with their `chat_id`s, in order. */
	async createChannels(names: string[]): Promise<string[]> {
		const ids: string[] = [];
		for (const name of names) {
			this.send('channel.create', { name, kind: 'channel' });
			const created = await this.until(
				(f) => f.type === 'channel.created' && f.payload?.name === name,
				`channel ${name}`
			);
			ids.push(String(created.payload?.chat_id));
		}
		return ids;
	}

	/**
	 * Post `turns` messages round-robin over `chatIds` and wait for every demo answer to end.
	 * Waits `timeoutMs` at most. Returns, per channel, the `message_id` of its newest message (the last answer).
	 */
	async post(chatIds: string[], turns: number, timeoutMs = 120_000): Promise<Map<string, string>> {
		const scopeOf = (f: Frame) => f.chat_id ?? this.defaultChatId;
		const from = this.#frames.length;
		for (let i = 0; i < turns; i++) {
			const chat_id = chatIds[i % chatIds.length]!;
			this.send('message.send', { text: `Missed while away ${i}` }, chat_id);
		}
		await this.untilCount(
			(f) => f.type === 'agent.idle' && this.#frames.indexOf(f) >= from,
			turns,
			`${turns} answers`,
			timeoutMs
		);
		const newest = new Map<string, string>();
		for (const f of this.#frames.slice(from)) {
			if (f.type === 'message.stop') newest.set(scopeOf(f), String(f.payload?.message_id));
		}
		return newest;
	}

	close(): void {
		this.#ws.close();
	}
}

/** What `makeStates` leaves in `made.json` beside the two states. */
export interface MadeStates {
	defaultChatId: string;
	/** The newest message of the default channel once every turn was posted. */
	newestOpen: string;
	/** ms the posting took. */
	ms: number;
}

/**
 * Make the catch-up's two gateway states: `beforeDir` (the default channel and `names` created)
 * and `afterDir` (the same, then `turns` messages posted round-robin over the channels, each
 * answered by the demo agent); writes `made.json` in their parent directory.
 */
export async function makeStates(
	startGateway: (options?: GatewayOptions) => Promise<Gateway>,
	o: { token: string; names: string[]; turns: number; beforeDir: string; afterDir: string }
): Promise<MadeStates> {
	const maker = await startGateway({
		token: o.token,
		dataDir: o.afterDir,
		recordFrames: undefined
	});
	const setup = await Producer.connect(maker.wsUrl, o.token, 'producer');
	const chatIds = [setup.defaultChatId, ...(await setup.createChannels(o.names))];
	setup.close();
	await maker.stop();
	cpSync(o.afterDir, o.beforeDir, { recursive: true });
	// One device posting a burst: the default per-device send limit would refuse most of it.
	const away = await startGateway({
		token: o.token,
		dataDir: o.afterDir,
		recordFrames: undefined,
		env: { IRIS_SEND_BURST: String(o.turns), IRIS_SEND_PER_SECOND: String(o.turns) }
	});
	const producer = await Producer.connect(away.wsUrl, o.token, 'producer');
	const started = Date.now();
	const newest = await producer.post(chatIds, o.turns, 20 * 60_000);
	producer.close();
	await away.stop();
	const made: MadeStates = {
		defaultChatId: setup.defaultChatId,
		newestOpen: newest.get(setup.defaultChatId)!,
		ms: Date.now() - started
	};
	writeFileSync(join(dirname(o.afterDir), 'made.json'), JSON.stringify(made));
	return made;
}
