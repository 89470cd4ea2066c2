/**
 * Benchmark builds only (`IRIS_BENCH=1`, `npm run bench`): the worker's endpoint gains the
 * controls the bench baselines need. `connection/worker.ts` adds them behind the build flag
 * `__IRIS_BENCH__`, so no other build contains this module.
 */
import Dexie from 'dexie';
import type { WorkerEndpoint } from '../bridge/contract';
import type { IrisClient } from '../connection/client';
import type { IrisDB } from '../db/schema';

/**
 * What the reconnect catch-up bench (bench/catch-up.bench.ts) reads back: wall-clock times in
 * ms since the epoch with sub-ms precision (`performance.timeOrigin + performance.now()`, so
 * the page's and the worker's clocks compare), NaN until it happened.
 */
export interface CatchUpMarks {
	/** When the handshake's `hello.ack` arrived (the status turned `connected`). */
	ackAt: number;
	/** When the commit that brought `messages` to the armed count was announced by Dexie. */
	appliedAt: number;
	/** Rows in `messages` at the last count. */
	count: number;
	/** Committed write transactions touching `messages` since arming. */
	writes: number;
}

/** What the bench's page asks of the worker. */
export interface BenchControls {
	/**
	 * ms between emissions of streamed text to pages: the baselines ask for every update (B0: 0)
	 * or one per frame (B1: 16) instead of the app's `DEFAULT_EMIT_MS`. Only this worker's
	 * client: the bench runs one tab, which leads.
	 */
	setStreamEmitMs(ms: number): void;
	/**
	 * Start timing a catch-up: forget earlier marks; the next `hello.ack` sets `ackAt`, and the
	 * first commit after which `messages` holds at least `rows` rows sets `appliedAt`.
	 */
	armCatchUp(rows: number): void;
	/** The marks so far. */
	catchUpMarks(): CatchUpMarks;
}

const wallNow = () => performance.timeOrigin + performance.now();

/** `endpoint` with the bench controls, acting on this worker's `client` and store `db`. */
export function withBenchControls(
	endpoint: WorkerEndpoint,
	client: IrisClient,
	db: IrisDB
): WorkerEndpoint & BenchControls {
	let target = Infinity;
	let marks: CatchUpMarks = { ackAt: NaN, appliedAt: NaN, count: 0, writes: 0 };
	client.subscribe((event) => {
		if (event.type === 'status' && event.status.state === 'connected' && isNaN(marks.ackAt)) {
			if (target !== Infinity) marks.ackAt = wallNow();
		}
	});
	// Fired after each commit (Dexie's observability), in the worker that wrote.
	Dexie.on('storagemutated', (parts) => {
		if (target === Infinity || !isNaN(marks.appliedAt)) return;
		if (!Object.keys(parts).some((key) => key.includes('/messages/'))) return;
		const at = wallNow();
		const current = marks;
		current.writes += 1;
		void db.messages.count().then((count) => {
			current.count = count;
			if (count >= target && isNaN(current.appliedAt)) current.appliedAt = at;
		});
	});
	return {
		...endpoint,
		setStreamEmitMs: (ms) => {
			client.streamEmitMs = ms;
		},
		armCatchUp: (rows) => {
			target = rows;
			marks = { ackAt: NaN, appliedAt: NaN, count: 0, writes: 0 };
		},
		catchUpMarks: () => ({ ...marks })
	};
}
