/**
 * Benchmark builds only (`IRIS_BENCH=1`, `npm run bench`, bench/README.md): installed at start-up
 * by `src/hooks.client.ts` behind the build flag `__IRIS_BENCH__`, so no other build contains it.
 * It gives the bench what production code never carries:
 *
 * - the baselines of scenario S1, chosen by `localStorage['iris:bench-baseline']`: `b0` applies
 *   every streamed change at once and re-renders the whole text with one `marked` parse (what
 *   peers do), the worker posting every update; `b1` is `b0` throttled to one render per
 *   animation frame and one post per 16 ms; `f`, the browser's floor (./floor.ts): the same
 *   events at the app's pace appended as plain text, no markdown, list or virtua work. Unset, the
 *   app's own renderer and pace run;
 * - counters, read by the bench from the page: `globalThis.__irisMarkdownStats` (markdown renders
 *   and characters parsed) and `globalThis.__irisStreamTraffic` (the `stream`/`reasoning` events
 *   the page received and their size as JSON, about what `postMessage` carried);
 * - `globalThis.__irisBenchControls`: the worker's `BenchControls` (./worker.ts), e.g. the marks
 *   of a reconnect catch-up.
 */
import type { AsyncApi } from '../handle/types';
import { replaceRenderers, type MarkdownModule } from '../markdown/lazy';
import type { RenderWork } from '../markdown/incremental';
import { app } from '../state/app.svelte';
import { emptyRenderers, floorStream } from './floor';
import type { BenchControls } from './worker';

/** Which baseline render the bench asked for. */
export type RenderBaseline = 'b0' | 'b1' | 'f';

/** What the page received from the worker as hot streaming text (bench scenario S3). */
export interface StreamTraffic {
	/** `stream` and `reasoning` events received. */
	events: number;
	/** Their size as JSON, UTF-16 code units. */
	bytes: number;
}

function baseline(): RenderBaseline | null {
	try {
		const value = localStorage.getItem('iris:bench-baseline');
		return value === 'b0' || value === 'b1' || value === 'f' ? value : null;
	} catch {
		return null;
	}
}

/** The renderers, counting their work into `stats`; for a baseline, re-rendering the whole text. */
function benchRenderers(m: MarkdownModule, naive: boolean, stats: RenderWork): MarkdownModule {
	const count = (chars: number) => {
		stats.renders += 1;
		stats.charsParsed += chars;
	};
	const renderMarkdown = (text: string) => {
		count(text.length);
		return m.renderMarkdown(text);
	};
	class Counted extends m.IncrementalMarkdown {
		#seen = 0;
		#counted = 0;
		override update(text: string): void {
			super.update(text);
			this.#add();
		}
		override finish(text: string): void {
			super.finish(text);
			this.#add();
		}
		#add(): void {
			stats.renders += this.work.renders - this.#seen;
			stats.charsParsed += this.work.charsParsed - this.#counted;
			this.#seen = this.work.renders;
			this.#counted = this.work.charsParsed;
		}
	}
	/** The baselines' render: the whole text each time, no finished blocks kept. */
	class Naive extends m.IncrementalMarkdown {
		#tail = '';
		override get blocks(): readonly string[] {
			return [];
		}
		override get tail(): string {
			return this.#tail;
		}
		override get code(): null {
			return null;
		}
		override update(text: string): void {
			count(text.length);
			this.#tail = m.renderStreaming(text);
		}
		override finish(text: string): void {
			this.#tail = renderMarkdown(text);
		}
	}
	return { ...m, renderMarkdown, IncrementalMarkdown: naive ? Naive : Counted };
}

/** Install the bench's baselines and counters (once, before the app starts). */
export function installBench(): void {
	const mode = baseline();
	const stats: RenderWork = { renders: 0, charsParsed: 0 };
	const traffic: StreamTraffic = { events: 0, bytes: 0 };
	// The worker's bench controls (bench/catch-up.bench.ts arms and reads its marks through them).
	const controls = app.commands as unknown as AsyncApi<BenchControls>;
	Object.assign(globalThis, {
		__irisMarkdownStats: stats,
		__irisStreamTraffic: traffic,
		__irisBenchControls: controls
	});
	replaceRenderers(async () => {
		const m = await import('../markdown/renderers');
		return mode === 'f' ? emptyRenderers(m) : benchRenderers(m, !!mode, stats);
	});

	// F: the streamed text goes to its plain-text bubble instead of the app's state.
	const push = app.live.push.bind(app.live);
	const floor = mode === 'f' ? floorStream(stats) : null;
	app.live.push = (kind, updates) => {
		traffic.events += 1;
		traffic.bytes += JSON.stringify(updates).length;
		if (floor && kind === 'stream') floor.push(updates);
		else push(kind, updates);
	};
	if (floor) {
		const settle = app.live.settle.bind(app.live);
		app.live.settle = (rows) => {
			settle(rows);
			floor.settle(rows);
		};
	}
	// F keeps the app's pace (the worker's default emissions).
	if (!mode || mode === 'f') return;
	if (mode === 'b0') app.live.schedule = (apply) => apply();
	controls
		.setStreamEmitMs(mode === 'b0' ? 0 : 16)
		.catch((e: unknown) => console.error('[bench] could not set the stream pace', e));
}
