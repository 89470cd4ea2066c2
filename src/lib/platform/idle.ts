/**
 * Work nobody waits for, done when the main thread has nothing else to do: between start-up's
 * waits on IndexedDB and the worker, or after the first paint.
 */
import { afterPaint } from './after-paint';

/**
 * Run `task` once when the browser is next idle (`requestIdleCallback`). Where a browser has none
 * (Safari), after the next frame is painted: not in the middle of start-up's own work. An
 * exception thrown by `task` is reported to the console, never to the caller.
 */
export function whenIdle(task: () => void): void {
	const run = () => {
		try {
			task();
		} catch (e) {
			console.error('[app] idle task failed', e);
		}
	};
	if (typeof requestIdleCallback === 'function') requestIdleCallback(run);
	else if (typeof requestAnimationFrame === 'function') void afterPaint().then(run);
	else setTimeout(run, 0);
}
