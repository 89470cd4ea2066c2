/** Bench scenario I, page side: relays commands to the worker (bench/ingest/worker.ts). */
import { workerCall } from '../worker-call';

const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
(globalThis as unknown as { bench: unknown }).bench = { call: workerCall(worker) };
