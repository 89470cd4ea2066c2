/**
 * Scenario "channel switch" (bench/README.md): sidebar click → the newest message of the channel
 * painted, in a store of 101,200 messages, at each CPU rate of BENCH_CPU. Targets: median ≤ 50 ms
 * unthrottled, ≤ 150 ms at ×4; p95 reported. Writes bench/results-channel-switch.json. Measures
 * only: nothing here fails on a figure.
 *
 * `BENCH_SWITCH_BASELINE=<dir>`: also measure the app built in `<dir>` (e.g. the benchmark build
 * of the commit before a change) on a gateway and store of its own, round by round alternately
 * with this build, so both see the same load; printed and written as `baseline`.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { test, type Gateway } from '../tests/e2e/fixtures';
import {
	settle,
	startProfile,
	stopProfile,
	switchStore,
	SWITCH_CHANNELS,
	timeSwitch,
	type ProfileLine,
	type SwitchTiming
} from './channel-switch';
import { formatMachine, machineInfo } from './machine';
import { mainThreadTime, median, openApp, percentile, repetitions } from './support';
import { rateLabel, throttle, throttleRates } from './throttle';

const RESULTS = fileURLToPath(new URL('./results-channel-switch.json', import.meta.url));
/** BENCH_PROFILE=1 also writes the raw CPU profile here (open it in DevTools' Performance panel). */
const PROFILE = fileURLToPath(new URL('./results-channel-switch.cpuprofile', import.meta.url));
const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));
/** Median target per CPU rate, ms. */
const target = (rate: number) => (rate === 1 ? 50 : 150);

/** One switch with the main thread's work during it (CDP metrics, ms). */
interface SwitchRun extends SwitchTiming {
	taskMs: number;
	scriptMs: number;
	layoutMs: number;
	styleMs: number;
}

/** One build under test: its gateway, its seeded store, and per CPU rate its switches. */
interface Build {
	label: 'ours' | 'baseline';
	gateway: Gateway;
	context: BrowserContext;
	perRate: Record<string, { warmUp: SwitchRun[]; runs: SwitchRun[] }>;
}

/** Summary of one build at one rate. */
function summarise(runs: SwitchRun[]) {
	const of = (key: keyof SwitchRun) => runs.map((r) => Number(r[key]));
	return {
		switches: runs.length,
		medianMs: median(of('paintMs')),
		p95Ms: percentile(of('paintMs'), 95),
		domMedianMs: median(of('domMs')),
		clickToPaintMedianMs: median(of('clickToPaintMs')),
		taskMedianMs: median(of('taskMs')),
		scriptMedianMs: median(of('scriptMs')),
		layoutMedianMs: median(of('layoutMs')),
		styleMedianMs: median(of('styleMs')),
		mountedMedian: median(of('mounted')),
		byChannel: Object.fromEntries(
			SWITCH_CHANNELS.map((c) => [
				c.chat_id,
				median(runs.filter((r) => r.chat_id === c.chat_id).map((r) => r.paintMs))
			])
		)
	};
}

/** Switch once to each channel on `page`, timing each switch. */
async function round(page: Page, cdp: CDPSession, say: (run: SwitchRun) => void) {
	const runs: SwitchRun[] = [];
	for (const channel of SWITCH_CHANNELS) {
		await settle(page);
		const t0 = await mainThreadTime(cdp);
		const timing = await timeSwitch(page, channel);
		const t1 = await mainThreadTime(cdp);
		const run: SwitchRun = {
			...timing,
			taskMs: t1.task - t0.task,
			scriptMs: t1.script - t0.script,
			layoutMs: t1.layout - t0.layout,
			styleMs: t1.style - t0.style
		};
		say(run);
		runs.push(run);
	}
	return runs;
}

test('channel switch', async ({ browser, gateway, startGateway }) => {
	const log = (line: string) => console.log(`[bench] ${line}`);
	const before = machineInfo();
	log(`machine: ${formatMachine(before)}`);
	// BENCH_REPS rounds over the four channels are timed, after one warm-up round.
	const rounds = repetitions();
	const baselineDir = process.env.BENCH_SWITCH_BASELINE;
	const gateways: [Build['label'], Gateway][] = [['ours', gateway]];
	if (baselineDir) gateways.push(['baseline', await startGateway({ staticDir: baselineDir })]);
	const builds: Build[] = [];
	for (const [label, g] of gateways) {
		log(
			`${label}: seeding ${SWITCH_CHANNELS.reduce((n, c) => n + c.count, 0)} messages (${SWITCH_CHANNELS.map((c) => c.count).join(' + ')})…`
		);
		builds.push({ label, gateway: g, context: await switchStore(browser, g), perRate: {} });
	}
	let profile: ProfileLine[] | undefined;

	for (const rate of throttleRates()) {
		const open = [];
		for (const build of builds) {
			const page = await openApp(build.context, build.gateway.httpUrl);
			const cdp = await throttle(build.context, page, rate);
			await cdp.send('Performance.enable');
			build.perRate[rateLabel(rate)] = { warmUp: [], runs: [] };
			open.push({ build, page, cdp });
		}
		// BENCH_PROFILE=1: a CPU profile of this build's timed switches at the first rate.
		const profiling = process.env.BENCH_PROFILE === '1' && profile === undefined;
		for (let r = 0; r <= rounds; r++) {
			if (r === 1 && profiling) await startProfile(open[0]!.cdp);
			// Alternate which build goes first.
			for (let k = 0; k < open.length; k++) {
				const { build, page, cdp } = open[(r + k) % open.length]!;
				const runs = await round(page, cdp, (run) =>
					log(
						`${build.label} ${rateLabel(rate)} ${r === 0 ? 'warm-up' : `round ${r}`} → ${run.chat_id}: painted ${fixed(run.paintMs)} ms (DOM ${fixed(run.domMs)}, click→paint ${fixed(run.clickToPaintMs)}, ${run.mounted} bubbles mounted); main thread ${fixed(run.taskMs, 0)} ms (script ${fixed(run.scriptMs, 0)}, layout ${fixed(run.layoutMs, 0)}, style ${fixed(run.styleMs, 0)})`
					)
				);
				const slot = build.perRate[rateLabel(rate)]!;
				(r === 0 ? slot.warmUp : slot.runs).push(...runs);
			}
		}
		if (profiling) profile = await stopProfile(open[0]!.cdp, PROFILE);
		for (const { page, cdp } of open) {
			await cdp.detach();
			await page.close();
		}
	}
	for (const build of builds) await build.context.close();

	const after = machineInfo();
	const summary = Object.fromEntries(
		builds.map((b) => [
			b.label,
			Object.fromEntries(
				Object.entries(b.perRate).map(([rate, { warmUp, runs }]) => [
					rate,
					{ ...summarise(runs), firstVisit: summarise(warmUp) }
				])
			)
		])
	);
	writeFileSync(
		RESULTS,
		JSON.stringify(
			{
				date: new Date().toISOString(),
				machine: { before, after },
				channels: SWITCH_CHANNELS,
				rounds,
				baselineDir,
				summary,
				profile,
				runs: Object.fromEntries(builds.map((b) => [b.label, b.perRate]))
			},
			null,
			'\t'
		) + '\n'
	);

	for (const rate of throttleRates()) {
		for (const build of builds) {
			const s = summary[build.label]![rateLabel(rate)]!;
			log(
				`channel switch ${build.label} ${rateLabel(rate)}: median ${fixed(s.medianMs)} ms [≤ ${target(rate)}], p95 ${fixed(s.p95Ms)} ms over ${s.switches} switches (first visits: median ${fixed(s.firstVisit.medianMs)} ms); DOM ${fixed(s.domMedianMs)} ms; main thread ${fixed(s.taskMedianMs, 0)} ms (script ${fixed(s.scriptMedianMs, 0)}, layout ${fixed(s.layoutMedianMs, 0)}, style ${fixed(s.styleMedianMs, 0)}); per channel ${Object.entries(
					s.byChannel
				)
					.map(([id, ms]) => `${id} ${fixed(ms)}`)
					.join(', ')}`
			);
		}
		const ours = summary.ours![rateLabel(rate)]!;
		const base = summary.baseline?.[rateLabel(rate)];
		if (base)
			log(
				`channel switch ${rateLabel(rate)} ours/baseline: median ${fixed(ours.medianMs / base.medianMs, 2)}, p95 ${fixed(ours.p95Ms / base.p95Ms, 2)}`
			);
	}
	for (const line of profile ?? []) log(`  profile self ${fixed(line.selfMs)} ms ${line.fn}`);
	log(`machine after: ${formatMachine(after)}`);
	log(`written ${RESULTS}`);
});
