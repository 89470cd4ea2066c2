/**
 * Main-thread work in short slices (doc/rendering.md "Figures"): highlighting and typesetting
 * hand over one job per block or formula. Jobs run at once while the current task has used less
 * than `SLICE_MS` on them (one block finishing while it streams lands before the paint, as
 * before); the rest wait for later tasks of at most `SLICE_MS` each, so an answer whose ten
 * blocks finish at once (its last render, or a reload) never holds a frame for all of them.
 */

/** Longest run of jobs in one task, ms. */
const SLICE_MS = 8;

const jobs: (() => void)[] = [];
let scheduled = false;
/** When the jobs run in the current task started (performance.now()), or -1. */
let sliceStart = -1;

function runJob(job: () => void): void {
	try {
		job();
	} catch (e) {
		// One block failing must not stop the others.
		console.error('[rich] a block could not be finished', e);
	}
}

function runQueued(): void {
	const start = performance.now();
	while (jobs.length > 0 && performance.now() - start < SLICE_MS) runJob(jobs.shift()!);
	if (jobs.length > 0) setTimeout(runQueued, 0);
	else scheduled = false;
}

/** Run `job` now if this task's slice has room, else in a later task, in the order given. */
export function inSlices(job: () => void): void {
	if (!scheduled && (sliceStart < 0 || performance.now() - sliceStart < SLICE_MS)) {
		if (sliceStart < 0) {
			sliceStart = performance.now();
			setTimeout(() => (sliceStart = -1), 0);
		}
		runJob(job);
		return;
	}
	jobs.push(job);
	if (scheduled) return;
	scheduled = true;
	setTimeout(runQueued, 0);
}
