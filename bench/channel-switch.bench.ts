/**
 * Scenario "channel switch" (bench/README.md): sidebar click → the newest message of the channel
 * painted, in a store of 101,200 messages, at each CPU rate of BENCH_CPU. Targets: median ≤ 50 ms
 * unthrottled, ≤ 150 ms at ×4; p95 reported. Writes bench/results-channel-switch.json. Measures
 * only: nothing here fails on a figure.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from '../tests/e2e/fixtures';
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

test('channel switch', async ({ browser, gateway }) => {
	const log = (line: string) => console.log(`[bench] ${line}`);
	const before = machineInfo();
	log(`machine: ${formatMachine(before)}`);
	// BENCH_REPS rounds over the four channels are timed, after one warm-up round.
	const rounds = repetitions();
	log(
		`seeding ${SWITCH_CHANNELS.reduce((n, c) => n + c.count, 0)} messages (${SWITCH_CHANNELS.map((c) => c.count).join(' + ')})…`
	);
	const context = await switchStore(browser, gateway);
	const perRate: Record<string, { warmUp: SwitchRun[]; runs: SwitchRun[] }> = {};
	let profile: ProfileLine[] | undefined;

	for (const rate of throttleRates()) {
		const page = await openApp(context, gateway.httpUrl);
		const cdp = await throttle(context, page, rate);
		await cdp.send('Performance.enable');
		// BENCH_PROFILE=1: a CPU profile of the timed switches at the first rate.
		const profiling = process.env.BENCH_PROFILE === '1' && profile === undefined;
		const warmUp: SwitchRun[] = [];
		const runs: SwitchRun[] = [];
		for (let round = 0; round <= rounds; round++) {
			if (round === 1 && profiling) await startProfile(cdp);
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
				(round === 0 ? warmUp : runs).push(run);
				log(
					`${rateLabel(rate)} ${round === 0 ? 'warm-up' : `round ${round}`} → ${channel.chat_id}: painted ${fixed(run.paintMs)} ms (DOM ${fixed(run.domMs)}, click→paint ${fixed(run.clickToPaintMs)}, ${run.mounted} bubbles mounted); main thread ${fixed(run.taskMs, 0)} ms (script ${fixed(run.scriptMs, 0)}, layout ${fixed(run.layoutMs, 0)}, style ${fixed(run.styleMs, 0)})`
				);
			}
		}
		if (profiling) profile = await stopProfile(cdp, PROFILE);
		perRate[rateLabel(rate)] = { warmUp, runs };
		await cdp.detach();
		await page.close();
	}
	await context.close();

	const after = machineInfo();
	const summary = Object.fromEntries(
		Object.entries(perRate).map(([label, { runs }]) => {
			const of = (key: keyof SwitchRun) => runs.map((r) => Number(r[key]));
			return [
				label,
				{
					switches: runs.length,
					medianMs: median(of('paintMs')),
					p95Ms: percentile(of('paintMs'), 95),
					domMedianMs: median(of('domMs')),
					clickToPaintMedianMs: median(of('clickToPaintMs')),
					taskMedianMs: median(of('taskMs')),
					scriptMedianMs: median(of('scriptMs')),
					layoutMedianMs: median(of('layoutMs')),
					styleMedianMs: median(of('styleMs')),
					byChannel: Object.fromEntries(
						SWITCH_CHANNELS.map((c) => [
							c.chat_id,
							median(runs.filter((r) => r.chat_id === c.chat_id).map((r) => r.paintMs))
						])
					)
				}
			];
		})
	);
	writeFileSync(
		RESULTS,
		JSON.stringify(
			{
				date: new Date().toISOString(),
				machine: { before, after },
				channels: SWITCH_CHANNELS,
				rounds,
				summary,
				profile,
				runs: perRate
			},
			null,
			'\t'
		) + '\n'
	);

	for (const rate of throttleRates()) {
		const s = summary[rateLabel(rate)]!;
		log(
			`channel switch ${rateLabel(rate)}: median ${fixed(s.medianMs)} ms [≤ ${target(rate)}], p95 ${fixed(s.p95Ms)} ms over ${s.switches} switches; DOM ${fixed(s.domMedianMs)} ms; main thread ${fixed(s.taskMedianMs, 0)} ms (script ${fixed(s.scriptMedianMs, 0)}, layout ${fixed(s.layoutMedianMs, 0)}, style ${fixed(s.styleMedianMs, 0)}); per channel ${Object.entries(
				s.byChannel
			)
				.map(([id, ms]) => `${id} ${fixed(ms)}`)
				.join(', ')}`
		);
	}
	for (const line of profile ?? []) log(`  profile self ${fixed(line.selfMs)} ms ${line.fn}`);
	log(`machine after: ${formatMachine(after)}`);
	log(`written ${RESULTS}`);
});
