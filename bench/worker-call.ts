/**
 * Page side of the bench harness (bench/harness.ts): commands to the bundle's worker as
 * `{cmd, id, …args}`, answered `{id, ok, result?, error?}`.
 */

/** A function that runs a command in `worker` and resolves with its result (rejects with its error). */
export function workerCall(worker: Worker) {
	let seq = 0;
	const pending = new Map<number, (v: { ok: boolean; result?: unknown; error?: string }) => void>();
	worker.addEventListener('message', (e: MessageEvent) => {
		const d = e.data as { id: number; ok: boolean };
		pending.get(d.id)?.(e.data);
		pending.delete(d.id);
	});
	return async function call<T>(cmd: string, args: Record<string, unknown> = {}): Promise<T> {
		const id = ++seq;
		const answer = await new Promise<{ ok: boolean; result?: unknown; error?: string }>(
			(resolve) => {
				pending.set(id, resolve);
				worker.postMessage({ cmd, id, ...args });
			}
		);
		if (!answer.ok) throw new Error(answer.error);
		return answer.result as T;
	};
}
