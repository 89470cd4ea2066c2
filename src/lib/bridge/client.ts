/**
 * The page's handle on the connection worker (Comlink over a dedicated module worker).
 */
import * as Comlink from 'comlink';
import type { EventSink, WorkerApi } from './contract';

/** A started worker and its typed remote API. */
export interface WorkerHandle {
	api: Comlink.Remote<WorkerApi>;
	/** Subscribe to the worker's events (the sink is proxied across the boundary). */
	subscribe(sink: EventSink, options?: { streamEmitMs?: number }): Promise<void>;
	terminate(): void;
}

/** Start the connection worker. Call once per page. */
export function startWorker(): WorkerHandle {
	const worker = new Worker(new URL('../connection/worker.ts', import.meta.url), {
		type: 'module',
		name: 'iris-connection'
	});
	const api = Comlink.wrap<WorkerApi>(worker);
	return {
		api,
		subscribe: (sink, options) => api.subscribe(Comlink.proxy(sink), options),
		terminate: () => worker.terminate()
	};
}
