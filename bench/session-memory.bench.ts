/**
 * Long-session memory (bench/README.md "Long-session memory"): a simulated 2-hour session, one
 * answer "every 10 s" of simulated time (720 answers, `BENCH_SESSION_ANSWERS`), run back to
 * back: each question typed and sent in the composer, the demo agent's answer streamed
 * (`BENCH_SESSION_STEP_MS` between its updates, default 5), a switch to the next of 4 channels
 * every 10 answers. JS heap after a forced GC, detached DOM nodes (a CDP heap snapshot) and the
 * DOM counters (`Memory.getDOMCounters`) after the warm-up (`BENCH_SESSION_WARMUP`, default 60
 * answers) and at the end; the heap also every 60 answers. Unthrottled. Writes
 * bench/results-session-memory.json. Measures only: nothing fails on a figure.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CDPSession, Page } from '@playwright/test';
import {
	channelLink,
	composer,
	expect,
	pairViaLink,
	replyTo,
	sendButton,
	test
} from '../tests/e2e/fixtures';
import { Producer } from './catch-up';
import { formatMachine, machineInfo } from './machine';
import { BENCH_BUILD_DIR } from './playwright.config';
import {
	domCounters,
	codeGrowth,
	heapSnapshot,
	snapshotGrowth,
	type DomCounters,
	type HeapSummary
} from './session-memory';
import { heapAfterGc } from './support';

const RESULTS = fileURLToPath(new URL('./results-session-memory.json', import.meta.url));
const ANSWERS = Number(process.env.BENCH_SESSION_ANSWERS ?? 720);
const WARMUP = Math.min(ANSWERS, Number(process.env.BENCH_SESSION_WARMUP ?? 60));
const STEP_MS = Number(process.env.BENCH_SESSION_STEP_MS ?? 5);
const SWITCH_EVERY = 10;
/** A directory to write the warm-up and end heap snapshots to (`warm.heapsnapshot`, `end.…`). */
const SNAPSHOTS = process.env.BENCH_SESSION_SNAPSHOTS;
const CHANNELS = ['General', 'Session 2', 'Session 3', 'Session 4'];

test.use({ gatewayOptions: { staticDir: BENCH_BUILD_DIR, stepMs: STEP_MS } });

/** Everything measured at one point of the session. */
interface Checkpoint {
	answers: number;
	heapBytes: number;
	detached: number;
	dom: DomCounters;
	/** Message articles in the DOM (rows the virtualized list renders now). */
	articles: number;
	/** Nodes in the document (all kinds), in all and under each landmark / live region. */
	inDocument: Record<string, number>;
}

/** Count the document's nodes, in all and under its landmarks and live regions. */
function documentNodes(): Record<string, number> {
	const count = (root: Node) => {
		const walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL);
		let n = 0;
		while (walker.nextNode()) n += 1;
		return n;
	};
	const out: Record<string, number> = { total: count(document) };
	const regions = document.querySelectorAll(
		'main, nav, header, aside, footer, [role="log"], [aria-live], dialog, body > *'
	);
	regions.forEach((el, i) => {
		const label = el.getAttribute('aria-label') ?? el.id ?? '';
		out[`${i} ${el.tagName.toLowerCase()}${label ? ` "${label}"` : ''}`] = count(el);
	});
	return out;
}

/** Ask the next question in the composer and wait for its answer to complete. */
async function answer(page: Page, i: number): Promise<void> {
	const text = `Turn ${i} of the session.`;
	await composer(page).fill(text);
	await sendButton(page).click();
	await expect(replyTo(page, text)).toHaveAttribute('data-status', 'complete', {
		timeout: 60_000
	});
}

async function checkpoint(
	page: Page,
	cdp: CDPSession,
	answers: number,
	name: string
): Promise<{ point: Checkpoint; summary: HeapSummary }> {
	const summary = await heapSnapshot(
		cdp,
		SNAPSHOTS ? path.join(SNAPSHOTS, `${name}.heapsnapshot`) : undefined
	);
	const heapBytes = await heapAfterGc(cdp);
	const dom = await domCounters(cdp);
	const articles = await page.locator('article[data-message-id]').count();
	const inDocument = await page.evaluate(documentNodes);
	return {
		point: { answers, heapBytes, detached: summary.detached, dom, articles, inDocument },
		summary
	};
}

test('long-session memory', async ({ browser, gateway }) => {
	test.setTimeout(60 * 60_000);
	const log = (line: string) => console.log(`[bench] ${line}`);
	const machineBefore = machineInfo();
	const started = Date.now();
	log(
		`session-memory: ${ANSWERS} answers (warm-up ${WARMUP}), step ${STEP_MS} ms, switch every ${SWITCH_EVERY}; ${formatMachine(machineBefore)}`
	);
	const context = await browser.newContext();
	const page = await context.newPage();
	await pairViaLink(page, gateway);
	const other = await Producer.connect(gateway.wsUrl, gateway.token, 'session-setup');
	await other.createChannels(CHANNELS.slice(1));
	other.close();
	await channelLink(page, CHANNELS.at(-1)!).waitFor();
	const cdp = await context.newCDPSession(page);

	const heapTrend: { answers: number; heapBytes: number }[] = [];
	let warm: { point: Checkpoint; summary: HeapSummary } | undefined;
	for (let i = 1; i <= ANSWERS; i++) {
		await answer(page, i);
		if (i === WARMUP) {
			warm = await checkpoint(page, cdp, i, 'warm');
			log(
				`session-memory warm-up (${i} answers): heap ${(warm.point.heapBytes / 2 ** 20).toFixed(2)} MiB, detached ${warm.point.detached}, articles ${warm.point.articles}, DOM ${JSON.stringify(warm.point.dom)}`
			);
		} else if (i % 60 === 0 && i !== ANSWERS) {
			heapTrend.push({ answers: i, heapBytes: await heapAfterGc(cdp) });
			log(
				`session-memory ${i} answers: heap ${(heapTrend.at(-1)!.heapBytes / 2 ** 20).toFixed(2)} MiB`
			);
		}
		if (i % SWITCH_EVERY === 0 && i < ANSWERS) {
			const next = CHANNELS[(i / SWITCH_EVERY) % CHANNELS.length]!;
			await channelLink(page, next).click();
			await expect(page.getByRole('heading', { name: next, exact: true })).toBeVisible();
		}
	}
	const end = await checkpoint(page, cdp, ANSWERS, 'end');
	const w = warm!.point;
	const growth = end.point.heapBytes / w.heapBytes - 1;
	const grew = snapshotGrowth(warm!.summary, end.summary);
	log(
		`session-memory: JS heap after GC ${(w.heapBytes / 2 ** 20).toFixed(2)} → ${(end.point.heapBytes / 2 ** 20).toFixed(2)} MiB, ` +
			`growth ${(growth * 100).toFixed(1)} % [≤ 10 %]`
	);
	// V8's compiled code (bytecode, feedback, and mostly optimised machine code) grows as more of
	// the app (and Playwright's injected script) gets hot: bounded by the code, not the session
	// (bench/README.md "Long-session memory").
	const code = codeGrowth(warm!.summary, end.summary);
	const growthWithoutCode = (end.point.heapBytes - code) / w.heapBytes - 1;
	log(
		`session-memory: of it V8's compiled code ${(code / 2 ** 20).toFixed(2)} MiB; growth without it ${(growthWithoutCode * 100).toFixed(1)} %`
	);
	log(`session-memory: detached DOM nodes ${w.detached} → ${end.point.detached} [no growth]`);
	log(
		`session-memory: DOM nodes ${w.dom.nodes} → ${end.point.dom.nodes}, listeners ${w.dom.jsEventListeners} → ${end.point.dom.jsEventListeners}, documents ${w.dom.documents} → ${end.point.dom.documents}, message articles ${w.articles} → ${end.point.articles}`
	);
	log(`session-memory: nodes in the document at warm-up ${JSON.stringify(w.inDocument)}`);
	log(`session-memory: nodes in the document at the end ${JSON.stringify(end.point.inDocument)}`);
	for (const row of grew)
		log(
			`  grew: ${row.name} ${row.count >= 0 ? '+' : ''}${row.count} (${(row.bytes / 1024).toFixed(1)} kB)`
		);
	const machineAfter = machineInfo();
	const durationS = Math.round((Date.now() - started) / 1000);
	writeFileSync(
		RESULTS,
		JSON.stringify(
			{
				date: new Date().toISOString(),
				answers: ANSWERS,
				warmup: WARMUP,
				stepMs: STEP_MS,
				durationS,
				machine: { before: machineBefore, after: machineAfter },
				warm: w,
				end: end.point,
				heapGrowth: growth,
				heapGrowthWithoutCode: growthWithoutCode,
				heapTrend,
				grewMost: grew
			},
			null,
			2
		)
	);
	log(
		`session-memory: ${durationS} s; written ${RESULTS}; machine after: ${formatMachine(machineAfter)}`
	);
	await context.close();
});
