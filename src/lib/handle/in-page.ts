/**
 * Run the connection in the page, on the in-memory store the page reads (doc/storage.md): a
 * worker cannot share an in-memory store with the page. Each tab then has its own connection.
 */
import type { WorkerApi } from '../bridge/contract';
import type { IrisDB } from '../db/schema';
import type { AsyncApi, WorkerHandle } from './types';

/** Every command of `commands`, answering with a promise as it would across the worker boundary. */
export function asyncCommands(commands: WorkerApi): AsyncApi<WorkerApi> {
	return Object.fromEntries(
		Object.entries(commands).map(([name, run]: [string, (...args: unknown[]) => unknown]) => [
			name,
			async (...args: unknown[]) => run(...args)
		])
	) as AsyncApi<WorkerApi>;
}

/** A connection in the page on `db` (loaded only when the app moves to memory). */
export async function startInPage(db: IrisDB): Promise<WorkerHandle> {
	const { createBrowserClient } = await import('../connection/local');
	const client = createBrowserClient(db);
	const wake = () => client.commands.wake();
	addEventListener('online', wake);
	return {
		api: asyncCommands(client.commands),
		subscribe: async (sink) => client.subscribe(sink),
		terminate: () => {
			removeEventListener('online', wake);
			void client.commands.configure(null).catch(() => {});
		}
	};
}
