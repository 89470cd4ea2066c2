/**
 * The page's handle on the connection, whichever way it runs: the connection worker (`worker.ts`)
 * or, when the app runs from memory, a client in the page itself (`in-page.ts`).
 */
import type { EventSink, WorkerApi } from '../bridge/contract';

/** `WorkerApi` as the page calls it: every command returns a promise. */
export type AsyncApi<T> = {
	[K in keyof T]: T[K] extends (...args: infer A) => infer R
		? (...args: A) => Promise<Awaited<R>>
		: never;
};

/** A started connection and its typed API. */
export interface WorkerHandle {
	api: AsyncApi<WorkerApi>;
	/** Subscribe to the connection's events (the sink is proxied across the boundary). */
	subscribe(sink: EventSink): Promise<void>;
	terminate(): void;
}
