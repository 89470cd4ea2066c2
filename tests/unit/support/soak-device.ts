/**
 * A device for the crash soak: a minimal Iris client with the app's reliability rules and none
 * of its UI. It keeps its cursor (from the first `hello.ack`, then `sync.done`), syncs after every
 * handshake, keeps an outbox of messages (same `client_msg_id` on every resend, a few in flight),
 * and builds its view of the conversation (`message_id` → text) only from what the gateway sent:
 * acks, live and replayed frames, `history` pages.
 */
import { WebSocket } from 'ws';
import type { ServerFrame } from '../../../src/lib/protocol/iris';

/** Messages written and not yet acked, at most, per connection. */
const WINDOW = 4;

interface Outgoing {
	cid: string;
	text: string;
}

export class SoakDevice {
	/** `message_id` → text, as this device has it. */
	readonly view = new Map<string, string>();
	/** `client_msg_id` → the `message_id` of its ack. */
	readonly acked = new Map<string, string>();
	/** `error` answers received (must stay empty). */
	readonly errors: string[] = [];
	#cursor: number | undefined;
	#queue: Outgoing[] = [];
	#ws: WebSocket | undefined;
	#nextId = 1;
	/** Request id → client_msg_id of the sends written on the current connection. */
	#written = new Map<number, string>();
	#listeners = new Set<() => void>();

	constructor(
		readonly deviceId: string,
		readonly token: string
	) {}

	/** Queue messages to send (in order, as soon as a connection is ready). */
	enqueue(messages: Outgoing[]): void {
		this.#queue.push(...messages);
		this.#pump();
	}

	/** Whether the current connection has synced (its `sync.done` came). */
	get synced(): boolean {
		return this.#ws !== undefined && this.#synced.has(this.#ws);
	}

	/** Messages not acked yet. */
	get unacked(): number {
		return this.#queue.length;
	}

	/** Resolves once `check()` holds, re-checked after every frame. */
	until(check: () => boolean): Promise<void> {
		if (check()) return Promise.resolve();
		return new Promise((resolve) => {
			const listener = () => {
				if (!check()) return;
				this.#listeners.delete(listener);
				resolve();
			};
			this.#listeners.add(listener);
		});
	}

	/**
	 * Connect and pair; once `sync.done` came, resolves with `closed`, the connection's end (or
	 * rejects if the socket fails first).
	 */
	async connect(port: number): Promise<{ closed: Promise<void> }> {
		const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
		this.#ws = ws;
		this.#written.clear();
		const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
		ws.on('error', () => {});
		ws.on('message', (data) => this.#receive(JSON.parse(String(data)) as ServerFrame));
		await new Promise<void>((resolve, reject) => {
			ws.once('open', () => resolve());
			ws.once('close', () => reject(new Error('closed before it opened')));
		});
		this.#write('hello', { token: this.token, device_id: this.deviceId });
		const synced = this.until(() => this.#ready(ws));
		await Promise.race([synced, closed.then(() => Promise.reject(new Error('closed early')))]);
		return { closed };
	}

	/** Ask for every `history` page of the default channel, newest first, into the view. */
	async loadAllHistory(): Promise<void> {
		let before: string | undefined;
		for (;;) {
			const id = this.#write('history', {
				limit: 200,
				...(before ? { before_message_id: before } : {})
			});
			let page: ServerFrame | undefined;
			await this.until(() => (page = this.#answers.get(id)) !== undefined);
			const p = page!.payload as { has_more?: boolean; oldest_message_id?: string };
			if (!p.has_more || !p.oldest_message_id) return;
			before = p.oldest_message_id;
		}
	}

	close(): void {
		this.#ws?.terminate();
	}

	#answers = new Map<number, ServerFrame>();
	#synced = new WeakSet<WebSocket>();

	#ready(ws: WebSocket): boolean {
		return this.#synced.has(ws);
	}

	#write(type: string, payload: Record<string, unknown>): number {
		const id = this.#nextId++;
		this.#ws?.send(JSON.stringify({ v: 1, type, id, payload }));
		return id;
	}

	#pump(): void {
		const ws = this.#ws;
		if (!ws || !this.#synced.has(ws) || ws.readyState !== WebSocket.OPEN) return;
		const inFlight = new Set(this.#written.values());
		for (const m of this.#queue) {
			if (inFlight.size >= WINDOW) break;
			if (inFlight.has(m.cid)) continue;
			this.#written.set(this.#write('message.send', { text: m.text, client_msg_id: m.cid }), m.cid);
			inFlight.add(m.cid);
		}
	}

	#receive(f: ServerFrame): void {
		if (f.id !== undefined) this.#answers.set(f.id, f);
		const p = f.payload as Record<string, unknown>;
		switch (f.type) {
			case 'hello.ack':
				this.#cursor ??= p.sync_cursor as number;
				this.#write('sync', { cursor: this.#cursor });
				break;
			case 'sync.done':
				this.#cursor = p.cursor as number;
				if (this.#ws) this.#synced.add(this.#ws);
				break;
			case 'message': {
				this.view.set(p.message_id as string, (p.text as string) ?? '');
				const cid = f.id === undefined ? undefined : this.#written.get(f.id);
				if (cid !== undefined) {
					this.acked.set(cid, p.message_id as string);
					this.#queue = this.#queue.filter((m) => m.cid !== cid);
					this.#written.delete(f.id!);
				}
				break;
			}
			case 'message.start':
				if (!this.view.has(p.message_id as string)) this.view.set(p.message_id as string, '');
				break;
			case 'message.stop':
				if (p.final_text !== undefined)
					this.view.set(p.message_id as string, p.final_text as string);
				break;
			case 'history':
				for (const m of p.messages as { message_id: string; text?: string }[]) {
					this.view.set(m.message_id, m.text ?? '');
				}
				break;
			case 'error':
				this.errors.push(`${String(p.code)}: ${String(p.message)}`);
				break;
		}
		for (const listener of [...this.#listeners]) listener();
		this.#pump();
	}
}
