/**
 * Bench scenario I, worker side (bench/README.md): the app's `IrisClient` in a dedicated worker,
 * on a real IndexedDB, fed `message.update` text frames through an in-memory socket, exactly as
 * a WebSocket's `message` events would hand them to the link: decode (JSON), validate (the
 * schema), apply (well-formed text, the hot stream buffer, the store for the start and the stop).
 * Also the browser's own delivery: a real WebSocket whose frames are only counted.
 */
import { IrisClient } from '../../src/lib/connection/client';
import type { SocketLike } from '../../src/lib/connection/link';
import { IrisDB } from '../../src/lib/db/schema';
import { systemClock } from '../../src/lib/platform/clock';

/** A socket the bench drives: `receive` is a text frame from the gateway. */
class MemorySocket implements SocketLike {
	readyState = 0;
	binaryType: BinaryType = 'arraybuffer';
	onopen: ((ev: Event) => void) | null = null;
	onmessage: ((ev: MessageEvent) => void) | null = null;
	onclose: ((ev: CloseEvent) => void) | null = null;
	onerror: ((ev: Event) => void) | null = null;
	readonly sent: string[] = [];
	send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
		if (typeof data === 'string') this.sent.push(JSON.parse(data).type as string);
	}
	close(): void {
		this.readyState = 3;
	}
	open(): void {
		this.readyState = 1;
		this.onopen?.(new Event('open'));
	}
	receive(data: string): void {
		this.onmessage?.({ data } as MessageEvent);
	}
}

const frame = (type: string, payload: object) => JSON.stringify({ v: 1, type, payload });
const yieldOnce = () => new Promise((r) => setTimeout(r, 0));

/** The update frames of a scenario: a flood of short texts, or one answer growing to 20 kB. */
function updates(kind: 'flood' | 'stream', count: number): string[] {
	if (kind === 'flood') {
		return Array.from({ length: count }, (_, i) =>
			frame('message.update', { message_id: 'm', text: `update ${i}` })
		);
	}
	const final = 'A sentence of the streamed answer. '
		.repeat(Math.ceil(20_000 / 35))
		.slice(0, 20_000);
	return Array.from({ length: count }, (_, i) =>
		frame('message.update', {
			message_id: 'm',
			text: final.slice(0, Math.round(((i + 1) * final.length) / count))
		})
	);
}

/** Feed `count` updates after a handshake; ms to ingest them, and to the stop being stored. */
async function ingest(kind: 'flood' | 'stream', count: number, name: string) {
	const db = new IrisDB(name);
	await db.delete();
	await db.open();
	let socket: MemorySocket | undefined;
	const client = new IrisClient({
		db,
		clock: systemClock,
		createSocket: () => (socket = new MemorySocket()),
		isOnline: () => true,
		randomUUID: () => crypto.randomUUID(),
		deviceName: 'bench'
	});
	client.subscribe(() => {});
	await client.commands.configure({ url: 'ws://bench.invalid/ws', token: 'bench' });
	const s = socket!;
	s.open();
	s.receive(JSON.stringify({ v: 1, type: 'hello.ack', id: 1, payload: { sync_cursor: 0 } }));
	while (!s.sent.includes('sync')) await yieldOnce();
	s.receive(frame('message.start', { message_id: 'm' }));
	const texts = updates(kind, count);
	const t0 = performance.now();
	for (const text of texts) s.receive(text);
	const t1 = performance.now();
	s.receive(frame('message.stop', { message_id: 'm' }));
	while ((await db.messages.get('m'))?.status !== 'complete') await yieldOnce();
	const t2 = performance.now();
	await client.commands.configure(null);
	db.close();
	return { ingestMs: t1 - t0, storedMs: t2 - t0 };
}

/** Time the browser's delivery of `count` WebSocket text frames into this worker (no handling). */
function delivery(url: string, count: number): Promise<{ ms: number }> {
	return new Promise((resolve, reject) => {
		const ws = new WebSocket(url);
		let n = 0;
		let t0 = 0;
		ws.onmessage = () => {
			if (n++ === 0) t0 = performance.now();
			if (n === count) {
				resolve({ ms: performance.now() - t0 });
				ws.close();
			}
		};
		ws.onerror = () => reject(new Error('bench socket failed'));
	});
}

self.addEventListener('message', (e: MessageEvent) => {
	const d = e.data as {
		id: number;
		cmd: string;
		kind: 'flood' | 'stream';
		count: number;
		url: string;
	};
	const run =
		d.cmd === 'ingest' ? ingest(d.kind, d.count, `bench-ingest-${d.id}`) : delivery(d.url, d.count);
	run.then(
		(result) => self.postMessage({ id: d.id, ok: true, result }),
		(err: Error) => self.postMessage({ id: d.id, ok: false, error: err.message })
	);
});
