/** Start the dedicated connection worker and talk to it through Comlink. */
import * as Comlink from 'comlink';
import type { WorkerEndpoint } from '../bridge/contract';
import type { AsyncApi, WorkerHandle } from './types';

/** Start the connection worker. Call once per page. */
export function startWorker(): WorkerHandle {
	const worker = new Worker(new URL('../connection/worker.ts', import.meta.url), {
		type: 'module',
		name: 'iris-connection'
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
