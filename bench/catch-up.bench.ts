/**
 * Reconnect catch-up (bench/README.md "Reconnect catch-up"): the app is open on its default
 * channel among 10; the gateway stops; meanwhile a second device posts messages across the 10
 * channels (`BENCH_CATCHUP_MESSAGES`, default 1,000: half questions, half the demo agent's
 * answers) to the same gateway state, run on another port; then the gateway comes back on the
 * app's port and the app reconnects. Measured from `hello.ack` (stamped in the worker, benchmark
 * build: src/lib/bench/worker.ts) to (a) the commit after which IndexedDB holds every missed
 * message and (b) the open channel's newest message painted; and long animation frames
 * (> 50 ms) meanwhile. Each `BENCH_CPU` rate; `BENCH_REPS` repetitions (default 3). Then the
 * floor: the same replay delivered to a worker that does nothing but parse it. Writes
 * bench/results-catch-up.json (`BENCH_TRACE`: a trace of each run). Measures only: nothing fails
 * on a figure.
 */
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { TRACE_CATEGORIES } from './trace';
import {
	channelLink,
	connectionStatus,
	expect,
	pairViaLink,
	startsWith,
	test
} from '../tests/e2e/fixtures';
import { makeStates, type MadeStates } from './catch-up';
import { deliveryFloor, replayFrames } from './catch-up-floor';
import { formatMachine, machineInfo } from './machine';
import { BENCH_BUILD_DIR } from './playwright.config';
import { collect, median, observe, type LongFrame } from './support';
import { rateLabel, throttle, throttleRates } from './throttle';

const RESULTS = fileURLToPath(new URL('./results-catch-up.json', import.meta.url));
const MESSAGES = Number(process.env.BENCH_CATCHUP_MESSAGES ?? 1000);
const CHANNELS = 10;
const TARGET_MS = 1000;
const REPS = Math.max(1, Number(process.env.BENCH_REPS ?? 3) || 3);
/**
 * `BENCH_TRACE=<path prefix>`: a Chromium trace of each catch-up, from the gateway's restart to
 * the marks, with the main thread's and the worker's CPU samples (DevTools' Performance panel
 * opens it). Tracing slows the page: the figures of such a run are not comparable.
 */
const TRACE = process.env.BENCH_TRACE;

test.use({ gatewayOptions: { staticDir: BENCH_BUILD_DIR, stepMs: 0 } });

/** One catch-up: ms from `hello.ack`, and the long frames seen from the restart on. */
interface CatchUpRun {
	appliedMs: number;
	paintedMs: number;
	/** The later of the two: the figure against the target. */
	catchUpMs: number;
	/** Commits touching `messages` until all were there. */
	writes: number;
	rows: number;
	longFrames: LongFrame[];
	/** Worker events the page received from the restart on, by `type`. */
	events: Record<string, number>;
}

/**
 * Init script: count the worker's events reaching the page by their `type`. Events come through
 * the Comlink proxy of the page's event sink, i.e. a `MessagePort` carrying `APPLY` calls.
 */
function countWorkerEvents(): void {
	const w = window as unknown as { __workerEvents?: Record<string, number> };
	const add = MessagePort.prototype.addEventListener;
	MessagePort.prototype.addEventListener = function (
		this: MessagePort,
		type: string,
		listener: EventListenerOrEventListenerObject,
		options?: boolean | AddEventListenerOptions
	) {
		if (type === 'message') {
			const counted = (e: Event) => {
				const data = (e as MessageEvent).data as {
					type?: string;
					argumentList?: { value?: { type?: string } }[];
				};
				const kind = data?.type === 'APPLY' ? data.argumentList?.[0]?.value?.type : undefined;
				if (kind && w.__workerEvents) w.__workerEvents[kind] = (w.__workerEvents[kind] ?? 0) + 1;
			};
			add.call(this, type, counted, options);
		}
		add.call(this, type, listener, options);
	} as typeof MessagePort.prototype.addEventListener;
}

/** Rows in the app's `messages` store (raw IndexedDB, the first store `iris`). */
function messageRows(page: Page): Promise<number> {
	return page.evaluate(
		() =>
			new Promise<number>((resolve, reject) => {
				const open = indexedDB.open('iris');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const count = open.result.transaction('messages').objectStore('messages').count();
					count.onsuccess = () => (open.result.close(), resolve(count.result));
					count.onerror = () => reject(count.error);
				};
			})
	);
}

interface BenchWindow {
	__irisBenchControls: {
		armCatchUp(rows: number): Promise<void>;
		catchUpMarks(): Promise<{ ackAt: number; appliedAt: number; count: number; writes: number }>;
	};
	__paintedAt?: number;
	__workerEvents?: Record<string, number>;
}

test('reconnect catch-up', async ({ browser, startGateway }) => {
	test.setTimeout(60 * 60_000);
	const log = (line: string) => console.log(`[bench] ${line}`);
	const machineBefore = machineInfo();
	log(
		`catch-up: ${MESSAGES} messages over ${CHANNELS} channels, ${REPS} reps; ${formatMachine(machineBefore)}`
	);
	const turns = Math.round(MESSAGES / 2);
	const byRate: Record<string, CatchUpRun[]> = {};

	// The gateway's state before and after the missed messages, made once and kept in the temp
	// directory for later runs (posting 500 turns through the demo agent takes minutes here).
	const token = 'catch-up-bench-token';
	const names = Array.from({ length: CHANNELS - 1 }, (_, i) => `Away ${i + 1}`);
	const states = join(tmpdir(), `iris-catch-up-${MESSAGES}`);
	const beforeDir = join(states, 'before');
	const afterDir = join(states, 'after');
	const made = join(states, 'made.json');
	if (!existsSync(made)) {
		rmSync(states, { recursive: true, force: true });
		const made = await makeStates(startGateway, { token, names, turns, beforeDir, afterDir });
		log(`catch-up: posted ${turns} turns in ${(made.ms / 1000).toFixed(0)} s`);
	} else log(`catch-up: reusing the gateway states in ${states}`);
	const { defaultChatId, newestOpen } = JSON.parse(readFileSync(made, 'utf8')) as MadeStates;

	for (const rate of throttleRates()) {
		byRate[rateLabel(rate)] = [];
		for (let rep = 0; rep < REPS; rep++) {
			const dataDir = await mkdtemp(join(tmpdir(), 'iris-catch-up-run-'));
			cpSync(beforeDir, dataDir, { recursive: true });
			const gateway = await startGateway({ token, dataDir });
			const context = await browser.newContext();
			await context.addInitScript(countWorkerEvents);
			const page = await context.newPage();
			await pairViaLink(page, gateway);
			await channelLink(page, names.at(-1)!).waitFor();
			await channelLink(page, 'General').click();
			await page.waitForURL(`**/chat/${encodeURIComponent(defaultChatId)}`);
			const before = await messageRows(page);

			await gateway.stop();
			await expect(connectionStatus(page)).toHaveText(startsWith('Reconnecting', 'Connecting'));
			// Meanwhile the other device posted: the gateway comes back with those messages.
			rmSync(dataDir, { recursive: true, force: true });
			cpSync(afterDir, dataDir, { recursive: true });

			const cdp = await throttle(context, page, rate);
			await observe(page, { sampleNodes: false });
			await page.evaluate(() => ((window as unknown as BenchWindow).__workerEvents = {}));
			await page.evaluate(
				async ({ rows, id }) => {
					const w = window as unknown as BenchWindow;
					await w.__irisBenchControls.armCatchUp(rows);
					// Painted: the frame that shows the newest message has been produced.
					const seen = () => document.querySelector(`article[data-message-id="${id}"]`);
					const mark = () =>
						requestAnimationFrame(() => {
							const channel = new MessageChannel();
							channel.port1.onmessage = () =>
								(w.__paintedAt = performance.timeOrigin + performance.now());
							channel.port2.postMessage(null);
						});
					const watcher = new MutationObserver(() => {
						if (!seen()) return;
						watcher.disconnect();
						mark();
					});
					watcher.observe(document.body, { childList: true, subtree: true });
				},
				{ rows: before + MESSAGES, id: newestOpen }
			);
			if (TRACE) {
				const path = `${TRACE}-${rateLabel(rate)}-${rep + 1}.json`;
				await browser.startTracing(page, { path, categories: TRACE_CATEGORIES });
			}
			const back = await startGateway({ port: gateway.port, dataDir, token });
			// What a returning network does: retry now rather than at the next backoff step.
			await page.evaluate(() => dispatchEvent(new Event('online')));
			await page.waitForFunction(() => (window as unknown as BenchWindow).__paintedAt, null, {
				polling: 250,
				timeout: 120_000
			});
			const marks = await page.waitForFunction(
				async () => {
					const m = await (window as unknown as BenchWindow).__irisBenchControls.catchUpMarks();
					return Number.isNaN(m.appliedAt) ? null : m;
				},
				null,
				{ polling: 250, timeout: 120_000 }
			);
			const m = (await marks.jsonValue())!;
			if (TRACE) await browser.stopTracing();
			const paintedAt = await page.evaluate(() => (window as unknown as BenchWindow).__paintedAt!);
			const seen = await collect(page);
			const events = await page.evaluate(() => (window as unknown as BenchWindow).__workerEvents!);
			const run: CatchUpRun = {
				appliedMs: m.appliedAt - m.ackAt,
				paintedMs: paintedAt - m.ackAt,
				catchUpMs: Math.max(m.appliedAt, paintedAt) - m.ackAt,
				writes: m.writes,
				rows: m.count - before,
				longFrames: seen.longFrameDetails,
				events
			};
			byRate[rateLabel(rate)]!.push(run);
			log(
				`catch-up ${rateLabel(rate)} rep ${rep + 1}: ${run.catchUpMs.toFixed(0)} ms (applied ${run.appliedMs.toFixed(0)}, painted ${run.paintedMs.toFixed(0)}), ` +
					`${run.rows} rows in ${run.writes} commits, long frames ${run.longFrames.length} (max ${Math.max(0, ...run.longFrames.map((f) => f.duration)).toFixed(0)} ms)`
			);
			log(`  worker events to the page since the restart: ${JSON.stringify(events)}`);
			for (const frame of run.longFrames) log(`  long frame ${JSON.stringify(frame)}`);
			await cdp.detach();
			await context.close();
			await back.stop();
			rmSync(dataDir, { recursive: true, force: true });
		}
	}

	const summary = Object.fromEntries(
		Object.entries(byRate).map(([label, runs]) => [
			label,
			{
				catchUpMs: median(runs.map((r) => r.catchUpMs)),
				appliedMs: median(runs.map((r) => r.appliedMs)),
				paintedMs: median(runs.map((r) => r.paintedMs)),
				longFramesMax: Math.max(0, ...runs.map((r) => r.longFrames.length)),
				longestFrameMs: Math.max(0, ...runs.flatMap((r) => r.longFrames.map((f) => f.duration)))
			}
		])
	);
	for (const [label, s] of Object.entries(summary)) {
		log(
			`catch-up ${label}: hello.ack → all ${MESSAGES} stored and the open channel painted ${s.catchUpMs.toFixed(0)} ms median [≤ ${TARGET_MS}] ` +
				`(stored ${s.appliedMs.toFixed(0)}, painted ${s.paintedMs.toFixed(0)}); frames > 50 ms: up to ${s.longFramesMax} per run, longest ${s.longestFrameMs.toFixed(0)} ms [0]`
		);
	}
	// The floor: the same replay delivered to a worker that only parses it (bench/catch-up-floor.ts).
	const replay = replayFrames(beforeDir, afterDir);
	const floorRuns = await deliveryFloor(browser, replay, REPS);
	const floor = { frames: replay.length, medianMs: median(floorRuns), runs: floorRuns };
	log(
		`catch-up floor: the replay's ${floor.frames} frames through Chromium's WebSocket to a worker that only parses them: ` +
			`${floor.medianMs.toFixed(0)} ms median (${floorRuns.map((ms) => ms.toFixed(0)).join(', ')})`
	);
	const machineAfter = machineInfo();
	writeFileSync(
		RESULTS,
		JSON.stringify(
			{
				date: new Date().toISOString(),
				messages: MESSAGES,
				channels: CHANNELS,
				repetitions: REPS,
				machine: { before: machineBefore, after: machineAfter },
				summary,
				floor,
				runs: byRate
			},
			null,
			2
		)
	);
	log(`catch-up: written ${RESULTS}; machine after: ${formatMachine(machineAfter)}`);
});
