/**
 * Scenario "channel switch" (bench/README.md): a store of 101,200 messages over four channels of
 * different sizes, and the time from a sidebar click to the first frame painted with the newest
 * message of the channel visible. Measures only.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { type Gateway, pairViaLink } from '../tests/e2e/fixtures';
import { openApp, seedStore, type SeedChannel } from './support';

/** The channels switched between, round-robin (each switch goes to a channel not open now). */
export const SWITCH_CHANNELS: readonly SeedChannel[] = [
	{ chat_id: 'sw90k', name: 'Switch 90k', count: 90_000 },
	{ chat_id: 'sw10k', name: 'Switch 10k', count: 10_000 },
	{ chat_id: 'sw1k', name: 'Switch 1k', count: 1_000 },
	{ chat_id: 'sw200', name: 'Switch 200', count: 200 }
];

/**
 * A paired context whose store holds `SWITCH_CHANNELS`, with the search index built (the steady
 * state a user lives in: the worker's one-time indexing would compete with every read).
 */
export async function switchStore(browser: Browser, gateway: Gateway): Promise<BrowserContext> {
	const context = await browser.newContext();
	const page = await context.newPage();
	await pairViaLink(page, gateway);
	await seedStore(page, [...SWITCH_CHANNELS]);
	await page.close();
	const app = await openApp(context, gateway.httpUrl);
	await app.getByRole('button', { name: 'Search', exact: true }).click();
	await app.getByRole('dialog').waitFor();
	await app.getByText('Indexing messages').waitFor({ state: 'detached', timeout: 15 * 60_000 });
	await app.close();
	return context;
}

/** One switch, ms from the link's `pointerdown` (the event's time stamp). */
export interface SwitchTiming {
	chat_id: string;
	/** → the first frame painted with the channel's newest message visible in the log. */
	paintMs: number;
	/** → that message in the DOM (checked once per animation frame). */
	domMs: number;
	/** `click` → painted (what the user's release of the button starts). */
	clickToPaintMs: number;
	/** Message articles added to the DOM until then (bubbles mounted by the switch). */
	mounted: number;
}

/**
 * Arm the page to time the next switch to `chat_id`: from the `pointerdown` on its sidebar link,
 * check each animation frame whether the newest message is in the DOM and inside the log's
 * visible box; the frame that finds it paints right after its rAF callbacks, so a
 * `MessageChannel` message posted from that callback runs after that paint (a task after the
 * rendering step). Resolves through `window.__switch`.
 */
async function arm(page: Page, chat_id: string, newest: string): Promise<void> {
	await page.evaluate(
		({ chat_id, newest }) => {
			const w = window as unknown as { __switch: Promise<SwitchTiming> };
			w.__switch = new Promise<SwitchTiming>((resolve) => {
				let down = NaN;
				let click = NaN;
				const onClick = (e: Event) => (click = e.timeStamp);
				let mounted = 0;
				const mutations = new MutationObserver((records) => {
					for (const r of records)
						for (const n of r.addedNodes)
							if (n instanceof Element)
								mounted += n.matches('article[data-message-id]')
									? 1
									: n.querySelectorAll('article[data-message-id]').length;
				});
				const onDown = (e: Event) => {
					down = e.timeStamp;
					removeEventListener('pointerdown', onDown, true);
					mutations.observe(document.body, { childList: true, subtree: true });
					let domAt = NaN;
					const check = () => {
						const el = document.querySelector(`article[data-message-id="${newest}"]`);
						if (el && Number.isNaN(domAt)) domAt = performance.now();
						const log = document.querySelector('[role="log"]');
						if (el && log) {
							const r = el.getBoundingClientRect();
							const box = log.getBoundingClientRect();
							if (r.height > 0 && r.bottom > box.top && r.top < box.bottom) {
								const ch = new MessageChannel();
								ch.port1.onmessage = () => {
									removeEventListener('click', onClick, true);
									const end = performance.now();
									mutations.disconnect();
									resolve({
										chat_id,
										paintMs: end - down,
										domMs: domAt - down,
										clickToPaintMs: end - click,
										mounted
									});
								};
								ch.port2.postMessage(null);
								return;
							}
						}
						requestAnimationFrame(check);
					};
					requestAnimationFrame(check);
				};
				addEventListener('pointerdown', onDown, true);
				addEventListener('click', onClick, true);
			});
		},
		{ chat_id, newest }
	);
}

/** Switch to `chat_id` with a real mouse click on its sidebar link and time it. */
export async function timeSwitch(page: Page, channel: SeedChannel): Promise<SwitchTiming> {
	const link = page.locator(`nav a[href$="/chat/${encodeURIComponent(channel.chat_id)}"]`);
	await link.waitFor();
	await arm(page, channel.chat_id, `seed-${channel.chat_id}-${channel.count - 1}`);
	await link.click();
	return page.evaluate(() => (window as unknown as { __switch: Promise<SwitchTiming> }).__switch);
}

/** Wait until the page has had two quiet frames (the previous switch's trailing work done). */
export function settle(page: Page): Promise<void> {
	return page.evaluate(
		() =>
			new Promise<void>((resolve) =>
				requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))
			)
	);
}

/** Self time per function of a CPU profile (CDP `Profiler.stop`), the heaviest first. */
export interface ProfileLine {
	fn: string;
	selfMs: number;
}

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Sum a CDP CPU profile's samples per function (`name file:line`), top `n`. */
export function profileTop(
	profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] },
	n = 25
): ProfileLine[] {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const self = new Map<string, number>();
	profile.samples.forEach((id, i) => {
		const f = byId.get(id)?.callFrame;
		if (!f) return;
		const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
		// Deltas are µs.
		self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
	});
	return [...self]
		.map(([fn, selfMs]) => ({ fn, selfMs: Math.round(selfMs * 10) / 10 }))
		.sort((a, b) => b.selfMs - a.selfMs)
		.slice(0, n);
}

/** Start a CPU profile on `cdp` (1 ms sampling); stop it with `stopProfile`. */
export async function startProfile(cdp: CDPSession): Promise<void> {
	await cdp.send('Profiler.enable');
	await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
	await cdp.send('Profiler.start');
}

/** Stop the profile started by `startProfile`, write it to `file` and summarise it. */
export async function stopProfile(cdp: CDPSession, file: string): Promise<ProfileLine[]> {
	const { profile } = (await cdp.send('Profiler.stop')) as {
		profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
	};
	writeFileSync(file, JSON.stringify(profile));
	return profileTop(profile);
}
