/**
 * `npm run bench` (bench/README.md): every scenario of the app, each repetition interleaving the
 * app with its baseline in the same run, medians printed and written to bench/results.json.
 * Measures only: nothing here fails on a figure.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from '../tests/e2e/fixtures';
import {
	emptyStore,
	emptyStreams,
	fixed,
	mediansOf,
	storeLines,
	streamLines,
	summariseStore,
	summariseStreams,
	type StoreRuns,
	type StreamsByMode
} from './app-results';
import { formatBundle, measureBundle } from './bundle';
import { formatMachine, machineInfo } from './machine';
import { memoryRun, openRun, scrollRun, seededStore } from './store';
import { RENDER_MODES, streamRun, type RenderMode, type StreamRun } from './stream';
import { repetitions } from './support';
import { rateLabel, throttleRates } from './throttle';

const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));

test('npm run bench', async ({ browser, gateway, startGateway }) => {
	const reps = repetitions();
	const rates = throttleRates();
	const started = Date.now();
	const log = (line: string) => console.log(`[bench] ${line}`);
	const machineAtStart = machineInfo();
	log(`machine at start: ${formatMachine(machineAtStart)}`);

	// S1–S3: rotate the order each repetition so no mode always runs first (warm caches).
	const modes = (process.env.BENCH_MODES?.split(',') ?? RENDER_MODES) as RenderMode[];
	// Quick runs: BENCH_ONLY=stream or BENCH_ONLY=store runs one half.
	const only = process.env.BENCH_ONLY;
	const runs = (part: 'stream' | 'store') => !only || only === part;
	const streams = new Map<number, StreamsByMode>(rates.map((r) => [r, emptyStreams()]));
	// S2 types during the stream: its runs are separate, so S1's main-thread time is the
	// stream's alone (typing costs every mode the same ~0.9 s of browser work). Unthrottled only.
	const typed = emptyStreams();
	const typedModes = modes.filter((m) => m !== 'b0' && m !== 'code' && m !== 'f');
	for (let rep = 0; runs('stream') && rep < reps; rep++) {
		for (const rate of rates) {
			for (let k = 0; k < modes.length; k++) {
				const mode = modes[(rep + k) % modes.length]!;
				const run = await streamRun(browser, startGateway, mode, false, rate);
				streams.get(rate)![mode].push(run);
				log(
					`S1 rep ${rep + 1} ${rateLabel(rate)} ${mode}: task ${fixed(run.taskMs, 0)} ms (script ${fixed(run.scriptMs, 0)}, layout ${fixed(run.layoutMs, 0)}, style ${fixed(run.styleMs, 0)}; ${run.layoutCount} layouts, ${run.styleCount} style recalcs), long frames ${run.longFrames}, ` +
						`parsed ${run.charsParsed}, renders ${run.renders}, stream events ${run.streamEvents}`
				);
				for (const frame of run.longFrameDetails) log(`  long frame ${JSON.stringify(frame)}`);
			}
		}
		// BENCH_TYPING=0: S1 alone (S2's typed runs skipped).
		for (let k = 0; process.env.BENCH_TYPING !== '0' && k < typedModes.length; k++) {
			const mode = typedModes[(rep + k) % typedModes.length]!;
			const run = await streamRun(browser, startGateway, mode, true);
			typed[mode].push(run);
			log(
				`S2 rep ${rep + 1} ${mode}: input p95 ${fixed(run.inputDelayP95, 1)} ms (max ${fixed(run.inputDelayMax, 1)}, ${run.keys} keys), task ${fixed(run.taskMs, 0)} ms, long frames ${run.longFrames}`
			);
		}
	}

	// C2, V, M on seeded stores, at each rate.
	const stores = new Map<number, StoreRuns>(rates.map((r) => [r, emptyStore()]));
	if (runs('store')) log('seeding stores (11k and 100k messages)…');
	const small = runs('store') ? await seededStore(browser, gateway, 'small') : undefined;
	const large = runs('store') ? await seededStore(browser, gateway, 'large') : undefined;
	for (let rep = 0; small && large && rep < reps; rep++) {
		for (const rate of rates) {
			const { opens, memory, scrolls } = stores.get(rate)!;
			const order = rep % 2 ? ([large, small] as const) : ([small, large] as const);
			for (const store of order) {
				const run = await openRun(store, gateway.httpUrl, rate);
				(store === small ? opens.small : opens.large).push(run);
			}
			const m1k = await memoryRun(small, gateway.httpUrl, 'm1k', 1_000, rate);
			const m90k = await memoryRun(large, gateway.httpUrl, 'm90k', 90_000, rate);
			memory.m1k.push(m1k.heap);
			memory.m90k.push(m90k.heap);
			memory.nodes1k.push(m1k.domNodes);
			memory.nodes90k.push(m90k.domNodes);
			scrolls.push(await scrollRun(large, gateway.httpUrl, rate));
			log(`C2/M/V rep ${rep + 1} ${rateLabel(rate)} done`);
		}
	}
	await small?.context.close();
	await large?.context.close();

	const bundle = measureBundle();
	const med = (runs: StreamRun[], key: keyof StreamRun) => mediansOf(runs, [key])[key];
	const ours = streams.get(1)?.incremental ?? [];
	const final = ours[0]?.finalLength ?? NaN;
	const byRate = Object.fromEntries(
		rates.map((rate) => [
			rate,
			{
				S1: summariseStreams(streams.get(rate)!, modes),
				...(runs('store') ? summariseStore(stores.get(rate)!) : {})
			}
		])
	);
	const results = {
		date: new Date().toISOString(),
		repetitions: reps,
		rates,
		durationS: Math.round((Date.now() - started) / 1000),
		machine: { start: machineAtStart, end: machineInfo() },
		/** S1 and C2/V/M by CPU slow-down factor ("1", "4"). */
		byRate,
		S2: {
			modes: Object.fromEntries(
				typedModes.map((m) => [
					m,
					mediansOf(typed[m], ['inputDelayP95', 'inputDelayMax', 'keys', 'taskMs', 'longFrames'])
				])
			),
			runs: typed
		},
		S3: {
			streamBytes: med(ours, 'streamBytes'),
			streamBytesPerFinalChar: med(ours, 'streamBytes') / final,
			streamEvents: med(ours, 'streamEvents'),
			answerWrites: med(ours, 'answerWrites'),
			charsParsed: med(ours, 'charsParsed'),
			charsParsedPerFinalChar: med(ours, 'charsParsed') / final
		},
		B: bundle
	};
	writeFileSync(RESULTS, JSON.stringify(results, null, '\t') + '\n');

	const s2 = results.S2.modes as Partial<Record<RenderMode, Record<string, number>>>;
	const lines = [
		`machine at start: ${formatMachine(results.machine.start)}`,
		`machine at end:   ${formatMachine(results.machine.end)}`,
		`medians of ${reps} repetitions (${results.durationS} s); ratios are medians of per-repetition ratios`
	];
	for (const rate of rates) {
		const r = byRate[rate]!;
		if (runs('stream')) lines.push(...streamLines(rate, r.S1));
		if ('C2' in r && r.C2) lines.push(...storeLines(rate, r as Parameters<typeof storeLines>[1]));
	}
	// S1's characters parsed, S2 and S3 are unthrottled figures.
	if (runs('stream') && rates.includes(1))
		lines.push(
			`S1 chars parsed (unthrottled): ours ${results.S3.charsParsed} (${fixed(results.S3.charsParsedPerFinalChar, 2)}× final) [≤ 2×]`,
			`S2 input delay p95 (a key every 100 ms during S1, unthrottled): ours ${fixed(s2.incremental?.inputDelayP95 ?? NaN, 1)} ms [≤ 50], B1 ${fixed(s2.b1?.inputDelayP95 ?? NaN, 1)} ms; main-thread ms with typing: ours ${fixed(s2.incremental?.taskMs ?? NaN, 0)}, B1 ${fixed(s2.b1?.taskMs ?? NaN, 0)}`,
			`S3 worker → page: ${results.S3.streamBytes} bytes in ${results.S3.streamEvents} events (${fixed(results.S3.streamBytesPerFinalChar, 2)}× final) [≤ 2×]; IndexedDB writes of the answer: ${results.S3.answerWrites} [≤ 5]`
		);
	lines.push(formatBundle(bundle), `written ${RESULTS}`);
	for (const line of lines) log(line);
});
