/**
 * `npm run bench:channels` — bench scenario L (bench/README.md): a `channel.list` of 20,000
 * channels (`BENCH_L_COUNT`) decoded and applied in the system Chromium's IndexedDB with the app's
 * bulk apply and with the one-by-one apply it replaced (the baseline, same run, alternating
 * order), then applied again (all channels known), and the sidebar's read of the stored list;
 * the floor is a raw IndexedDB put of the same rows (no Dexie), measured in the same run.
 * `BENCH_REPS` repetitions (default 3). Measures only; never fails on a figure.
 */
import { fileURLToPath } from 'node:url';
import { bundleHarness, openHarness, serveHarness } from '../harness';
import { median } from '../support';

const here = fileURLToPath(new URL('.', import.meta.url));
const COUNT = Number(process.env.BENCH_L_COUNT ?? 20_000);
const REPS = Number(process.env.BENCH_REPS ?? 3);
const log = (line: string) => console.log(`[bench:channels] ${line}`);

type Run = { decodeMs: number; applyMs: number; reapplyMs: number; sidebarMs: number };

async function main(): Promise<void> {
	await bundleHarness(here, ['page']);
	const server = await serveHarness(here);
	const { browser, page } = await openHarness(server.url, log);
	try {
		const runs: Record<'bulk' | 'baseline', Run[]> = { bulk: [], baseline: [] };
		const floor: number[] = [];
		for (let rep = 0; rep < REPS; rep++) {
			const raw = await page.evaluate(
				(count) =>
					(
						globalThis as unknown as { bench: { rawPut: (c: number) => Promise<number> } }
					).bench.rawPut(count),
				COUNT
			);
			floor.push(raw);
			log(`rep ${rep + 1} raw IndexedDB put (floor): ${raw.toFixed(0)} ms`);
			for (const mode of rep % 2
				? (['baseline', 'bulk'] as const)
				: (['bulk', 'baseline'] as const)) {
				const r = await page.evaluate(
					({ mode, count }) =>
						(
							globalThis as unknown as { bench: { run: (m: string, c: number) => Promise<Run> } }
						).bench.run(mode, count),
					{ mode, count: COUNT }
				);
				runs[mode].push(r);
				log(
					`rep ${rep + 1} ${mode}: decode ${r.decodeMs.toFixed(0)} ms, apply ${r.applyMs.toFixed(0)} ms, ` +
						`again ${r.reapplyMs.toFixed(0)} ms, sidebar read ${r.sidebarMs.toFixed(0)} ms`
				);
			}
		}
		const m = (mode: 'bulk' | 'baseline', key: keyof Run) => median(runs[mode].map((r) => r[key]));
		log(
			`${COUNT} channels, medians of ${REPS}: apply ${m('bulk', 'applyMs').toFixed(0)} ms vs ` +
				`${m('baseline', 'applyMs').toFixed(0)} ms one by one (${(m('baseline', 'applyMs') / m('bulk', 'applyMs')).toFixed(1)}× faster); ` +
				`again ${m('bulk', 'reapplyMs').toFixed(0)} vs ${m('baseline', 'reapplyMs').toFixed(0)} ms; ` +
				`decode ${m('bulk', 'decodeMs').toFixed(0)} ms; sidebar read ${m('bulk', 'sidebarMs').toFixed(0)} ms; ` +
				`raw IndexedDB put of the same rows ${median(floor).toFixed(0)} ms (apply/floor ${(m('bulk', 'applyMs') / median(floor)).toFixed(2)})`
		);
	} finally {
		await browser.close();
		server.close();
	}
}

await main();
