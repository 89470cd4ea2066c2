/** Bench scenario I, page side: relays commands to the worker (bench/ingest/worker.ts). */
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
let seq = 0;
const pending = new Map<number, (v: { ok: boolean; result?: unknown; error?: string }) => void>();
worker.addEventListener('message', (e: MessageEvent) => {
	const d = e.data as { id: number };
	pending.get(d.id)?.(e.data);
	pending.delete(d.id);
});

/** Run a command in the worker; resolves with its result (rejects with its error). */
async function call<T>(cmd: string, args: Record<string, unknown>): Promise<T> {
	const id = ++seq;
	const answer = await new Promise<{ ok: boolean; result?: unknown; error?: string }>((resolve) => {
		pending.set(id, resolve);
		worker.postMessage({ cmd, id, ...args });
	});
	if (!answer.ok) throw new Error(answer.error);
	return answer.result as T;
}

(globalThis as unknown as { bench: unknown }).bench = { call };
