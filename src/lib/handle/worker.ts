/** Start the dedicated connection worker and talk to it through Comlink. */
import * as Comlink from 'comlink';
import type { WorkerEndpoint } from '../bridge/contract';
import type { AsyncApi, WorkerHandle } from './types';

/**
 * Start the connection worker on the store named `store` (an `IrisDB` name: one store per
 * gateway, db/gateways.ts). One per page at a time: a switch of gateways stops it and starts
 * another.
 */
export function startWorker(store: string): WorkerHandle {
	// The worker reads its store from its name (connection/worker.ts).
	const worker = new Worker(new URL('../connection/worker.ts', import.meta.url), {
		type: 'module',
		name: store
	});
	const endpoint = Comlink.wrap<WorkerEndpoint>(worker);
	return {
		// Comlink's proxy forwards any command by name: nothing here lists them.
		api: endpoint as unknown as AsyncApi<WorkerEndpoint>,
		subscribe: (sink) => endpoint.subscribe(Comlink.proxy(sink)),
		terminate: () => {
			endpoint[Comlink.releaseProxy]();
			worker.terminate();
		}
	};
}
