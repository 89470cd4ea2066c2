/**
 * The page's handle on the connection: normally the connection worker (Comlink over a dedicated
 * module worker); when the app runs from memory, an `IrisClient` in the page itself, on the
 * in-memory store the page reads (doc/storage.md).
 */
import * as Comlink from 'comlink';
import type { EventSink, WorkerApi } from './contract';
import type { IrisDB } from '../db/schema';

/** `WorkerApi` as the page calls it: every command returns a promise. */
export type AsyncApi<T> = {
	[K in keyof T]: T[K] extends (...args: infer A) => infer R
		? (...args: A) => Promise<Awaited<R>>
		: never;
};

/** A started connection and its typed API. */
export interface WorkerHandle {
	api: AsyncApi<WorkerApi>;
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
		api: api as unknown as AsyncApi<WorkerApi>,
		subscribe: (sink, options) => api.subscribe(Comlink.proxy(sink), options),
		terminate: () => {
			api[Comlink.releaseProxy]();
			worker.terminate();
		}
	};
}

/**
 * Run the connection in the page on `db` (the in-memory store). Each tab then has its own
 * connection: tabs cannot share an in-memory store.
 */
export async function startInPage(db: IrisDB): Promise<WorkerHandle> {
	const { createBrowserClient } = await import('../connection/local');
	const client = createBrowserClient(db);
	const wake = () => client.wake();
	addEventListener('online', wake);
	return {
		api: {
			subscribe: async (sink, options) => client.subscribe(sink, options),
			// A plain copy (every field: url, token, dialect, user_id): the page's config may be a rune
			// proxy, which the store cannot clone.
			configure: (config) => client.configure(config && { ...config }),
			send: (input) => client.send(input),
			retry: (id) => client.retry(id),
			wake: async () => client.wake(),
			attach: (input) => client.attach(input),
			cancelUpload: (media_ref) => client.cancelUpload(media_ref),
			pull: (media_id) => client.pull(media_id),
			memoryBlob: (media_id) => client.memoryBlob(media_id),
			stop: (scope) => client.stop(scope),
			steer: (input) => client.steer(input),
			selectPicker: (input) => client.selectPicker(input),
			registerPush: (reg) => client.registerPush(reg),
			createChannel: (input) => client.createChannel(input),
			renameChannel: (chat_id, name) => client.renameChannel(chat_id, name),
			setDefaultChannel: (chat_id) => client.setDefaultChannel(chat_id),
			deleteChannel: (chat_id) => client.deleteChannel(chat_id),
			loadHistory: (input) => client.loadHistory(input),
			completeCommands: (prefix) => client.completeCommands(prefix),
			search: (input) => client.search(input),
			markRead: (chat_id, message_id) => client.markRead(chat_id, message_id),
			searchLocal: (input) => client.searchLocal(input),
			searchProgress: async () => client.searchProgress()
		},
		subscribe: async (sink, options) => client.subscribe(sink, options),
		terminate: () => {
			removeEventListener('online', wake);
			void client.configure(null).catch(() => {});
		}
	};
}
