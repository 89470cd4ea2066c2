/**
 * Summaries and printed lines of `bench/app.bench.ts` (bench/README.md): medians over
 * repetitions, ratios as medians of per-repetition ratios, one block per CPU throttling rate.
 */
import type { OpenRun, ScrollRun } from './store';
import type { RenderMode, StreamRun } from './stream';
import { median } from './support';
import { rateLabel } from './throttle';

const ratio = (a: number, b: number) => (b === 0 ? NaN : a / b);
/** `n` with `digits` decimals, or `NaN` as is (a mode or a part left out). */
export const fixed = (n: number, digits = 2) =>
	Number.isFinite(n) ? n.toFixed(digits) : String(n);

/** The S1 runs of one rate, by mode (empty for a mode left out with BENCH_MODES). */
export type StreamsByMode = Record<RenderMode, StreamRun[]>;

/** No runs yet in any mode. */
export function emptyStreams(): StreamsByMode {
	return { incremental: [], code: [], f: [], b0: [], b1: [] };
}

/** C2, V and M runs of one rate. */
export interface StoreRuns {
	opens: { small: OpenRun[]; large: OpenRun[] };
	scrolls: ScrollRun[];
	/** JS heap after GC (bytes) and DOM elements with the 1k / the 90k channel open. */
	memory: { m1k: number[]; m90k: number[]; nodes1k: number[]; nodes90k: number[] };
}

/** No C2/V/M runs yet. */
export function emptyStore(): StoreRuns {
	return {
		opens: { small: [], large: [] },
		scrolls: [],
		memory: { m1k: [], m90k: [], nodes1k: [], nodes90k: [] }
	};
}

const med = (runs: StreamRun[], key: keyof StreamRun) => median(runs.map((r) => Number(r[key])));
/** The median of each of `keys` over `runs`. */
export const mediansOf = <K extends keyof StreamRun>(runs: StreamRun[], keys: K[]) =>
	Object.fromEntries(keys.map((key) => [key, med(runs, key)])) as Record<K, number>;

/** S1 of one rate: medians per mode and ours against each baseline (NaN for a mode left out). */
export function summariseStreams(streams: StreamsByMode, modes: readonly RenderMode[]) {
	const ours = streams.incremental;
	const against = (other: RenderMode) =>
		median(ours.map((r, i) => ratio(r.taskMs, streams[other][i]?.taskMs ?? NaN)));
	const final = ours[0]?.finalLength ?? NaN;
	return {
		taskMsRatioVsF: against('f'),
		taskMsRatioVsB0: against('b0'),
		taskMsRatioVsB1: against('b1'),
		// The code-heavy answer against the plain one, per repetition of the same run.
		codeOverPlain: median(streams.code.map((r, i) => ratio(r.taskMs, ours[i]?.taskMs ?? NaN))),
		medians: Object.fromEntries(
			modes.map((m) => [
				m,
				{
					...mediansOf(streams[m], [
						'taskMs',
						'scriptMs',
						'layoutMs',
						'styleMs',
						'layoutCount',
						'styleCount',
						'longFrames',
						'charsParsed',
						'renders',
						'streamEvents'
					]),
					charsParsedPerFinalChar: med(streams[m], 'charsParsed') / final
				}
			])
		) as Partial<Record<RenderMode, Record<string, number>>>,
		runs: streams
	};
}

/** C2, V and M of one rate. */
export function summariseStore({ opens, scrolls, memory }: StoreRuns) {
	return {
		C2: {
			openMs10kStore: median(opens.small.map((r) => r.openMs)),
			openMs100kStore: median(opens.large.map((r) => r.openMs)),
			ratio100kTo10k: median(opens.large.map((r, i) => ratio(r.openMs, opens.small[i]!.openMs))),
			pageReadMs: median(opens.large.map((r) => r.pageReadMs)),
			loadAllMs: median(opens.large.map((r) => r.loadAllMs)),
			loadAllOverPageRead: median(opens.large.map((r) => ratio(r.loadAllMs, r.pageReadMs))),
			loadAllOverOpen: median(opens.large.map((r) => ratio(r.loadAllMs, r.openMs))),
			runs: opens
		},
		V: {
			longFrames: median(scrolls.map((s) => s.longFrames)),
			maxDomNodes: median(scrolls.map((s) => s.maxDomNodes)),
			reachedTop: scrolls.every((s) => s.reachedTop),
			ms: median(scrolls.map((s) => s.ms)),
			runs: scrolls
		},
		M: {
			heap1k: median(memory.m1k),
			heap90k: median(memory.m90k),
			heapGrowth: median(memory.m90k.map((h, i) => ratio(h, memory.m1k[i]!) - 1)),
			domNodes1k: median(memory.nodes1k),
			domNodes90k: median(memory.nodes90k)
		}
	};
}

/** The printed S1 lines of one rate (targets in brackets; at ×4 long frames ≤ B1's / 10). */
export function streamLines(rate: number, s: ReturnType<typeof summariseStreams>): string[] {
	const at = rateLabel(rate);
	const m = s.medians;
	const ms = (mode: RenderMode) => fixed(m[mode]?.taskMs ?? NaN, 0);
	const frames = (mode: RenderMode) => m[mode]?.longFrames ?? NaN;
	const framesTarget = rate === 1 ? '0' : `≤ B1's / 10 = ${fixed(frames('b1') / 10, 1)}`;
	const ours = m.incremental;
	return [
		`S1 ${at} main-thread ms: ours ${ms('incremental')} (script ${fixed(ours?.scriptMs ?? NaN, 0)}, layout ${fixed(ours?.layoutMs ?? NaN, 0)}, style ${fixed(ours?.styleMs ?? NaN, 0)}), F ${ms('f')}, B0 ${ms('b0')}, B1 ${ms('b1')}; ours/F ${fixed(s.taskMsRatioVsF, 3)} [≤ 1.5], ours/B0 ${fixed(s.taskMsRatioVsB0, 3)} [≤ 0.067], ours/B1 ${fixed(s.taskMsRatioVsB1, 3)} [≤ 0.333]`,
		`S1 ${at} long frames > 50 ms: ours ${frames('incremental')} [${framesTarget}], F ${frames('f')}, B0 ${frames('b0')}, B1 ${frames('b1')}`,
		`S1 ${at} code-heavy answer: main-thread ms ${ms('code')} vs plain ${ms('incremental')}: ${fixed(s.codeOverPlain, 3)}× [≤ 1.15], long frames ${frames('code')} [0]`,
		`S1 ${at} renders (F: appends): ours ${m.incremental?.renders ?? NaN}, F ${m.f?.renders ?? NaN}, B0 ${m.b0?.renders ?? NaN}, B1 ${m.b1?.renders ?? NaN}; stream events received: ours ${m.incremental?.streamEvents ?? NaN}, F ${m.f?.streamEvents ?? NaN}`,
		`S1 ${at} layouts / style recalcs: ours ${m.incremental?.layoutCount ?? NaN} / ${m.incremental?.styleCount ?? NaN}, F ${m.f?.layoutCount ?? NaN} / ${m.f?.styleCount ?? NaN}`
	];
}

/** The printed C2, V, M lines of one rate. */
export function storeLines(rate: number, r: ReturnType<typeof summariseStore>): string[] {
	const at = rateLabel(rate);
	return [
		`C2 ${at} open 10k channel: ${fixed(r.C2.openMs10kStore, 1)} ms (11k store), ${fixed(r.C2.openMs100kStore, 1)} ms (100k store); 100k/10k ${fixed(r.C2.ratio100kTo10k, 2)} [≤ 1.2]`,
		`C2 ${at} read latest page ${fixed(r.C2.pageReadMs, 1)} ms vs load-all ${fixed(r.C2.loadAllMs, 1)} ms: ${fixed(r.C2.loadAllOverPageRead, 1)}× [≥ 20×]; load-all read vs our whole open ${fixed(r.C2.loadAllOverOpen, 1)}×`,
		`V ${at} scroll 10k: long frames ${r.V.longFrames} [0], max DOM elements ${r.V.maxDomNodes} [≤ 2000], reached top ${r.V.reachedTop} in ${fixed(r.V.ms / 1000, 1)} s`,
		`M ${at} heap after GC: 1k channel ${fixed(r.M.heap1k / 1e6, 2)} MB, 90k channel (100k store) ${fixed(r.M.heap90k / 1e6, 2)} MB, growth ${fixed(r.M.heapGrowth * 100, 1)} % [≤ 10 %]; DOM ${r.M.domNodes1k} / ${r.M.domNodes90k}`
	];
}
