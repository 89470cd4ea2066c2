/**
 * Benchmark builds only (`IRIS_BENCH=1`, `npm run bench`): the worker's endpoint gains the
 * controls the bench baselines need. `connection/worker.ts` adds them behind the build flag
 * `__IRIS_BENCH__`, so no other build contains this module.
 */
import type { WorkerEndpoint } from '../bridge/contract';
import type { IrisClient } from '../connection/client';

/** What the bench's page asks of the worker. */
export interface BenchControls {
	/**
	 * ms between emissions of streamed text to pages: the baselines ask for every update (B0: 0)
	 * or one per frame (B1: 16) instead of the app's `DEFAULT_EMIT_MS`. Only this worker's
	 * client: the bench runs one tab, which leads.
	 */
	setStreamEmitMs(ms: number): void;
}

/** `endpoint` with the bench controls, acting on this worker's `client`. */
export function withBenchControls(
	endpoint: WorkerEndpoint,
	client: IrisClient
): WorkerEndpoint & BenchControls {
	return {
		...endpoint,
		setStreamEmitMs: (ms) => {
			client.streamEmitMs = ms;
		}
	};
}
