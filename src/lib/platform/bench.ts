/**
 * Benchmark baselines (`npm run bench`, scenario S1): the bench sets
 * `localStorage['iris:bench-baseline']` to run the same app with a naive streaming render, so the
 * incremental one is compared against it in the same run and browser.
 *
 * - `b0`: every streamed update received is applied at once and the bubble re-renders its whole
 *   text with a one-shot `marked` parse (what peers do).
 * - `b1`: like `b0`, throttled to one render per animation frame.
 *
 * Unset (always, outside the bench) the app uses its incremental renderer.
 */

/** Which naive render the bench asked for, if any. */
export type RenderBaseline = 'b0' | 'b1';

let cached: RenderBaseline | null | undefined;

/** The baseline for this page load (read once), or null for the real renderer. */
export function renderBaseline(): RenderBaseline | null {
	if (cached !== undefined) return cached;
	let value: string | null = null;
	try {
		value =
			typeof localStorage === 'undefined' ? null : localStorage.getItem('iris:bench-baseline');
	} catch {
		// Storage blocked: no bench here.
	}
	cached = value === 'b0' || value === 'b1' ? value : null;
	return cached;
}

/** What the page received from the worker as hot streaming text (bench scenario S3). */
export interface StreamTraffic {
	/** `stream` events received. */
	events: number;
	/** Their size as JSON, UTF-16 code units: about what `postMessage` carried. */
	bytes: number;
}

const traffic: StreamTraffic = { events: 0, bytes: 0 };
let counting: boolean | undefined;

/**
 * Count one `stream` event's payload, only when the bench asked for it
 * (`localStorage['iris:bench'] = '1'`); the totals are on `globalThis.__irisStreamTraffic`.
 */
export function recordStreamTraffic(payload: unknown): void {
	if (counting === undefined) {
		try {
			counting = typeof localStorage !== 'undefined' && localStorage.getItem('iris:bench') === '1';
		} catch {
			counting = false;
		}
		if (counting)
			(globalThis as { __irisStreamTraffic?: StreamTraffic }).__irisStreamTraffic = traffic;
	}
	if (!counting) return;
	traffic.events += 1;
	traffic.bytes += JSON.stringify(payload).length;
}
