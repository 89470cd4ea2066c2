/**
 * A long session keeps only what it shows: the conversations it left and the answers that
 * scrolled away are collected (bench/README.md "Long-session memory" measures the 2-hour figure).
 * Counts live DOM nodes (CDP `Memory.getDOMCounters` after a forced GC), not time.
 */
import type { CDPSession, Page } from '@playwright/test';
import { createChannel, openChannel } from './agent-support';
import { composer, expect, pairViaLink, replyTo, sendButton, test } from './fixtures';

// No trace: its DOM snapshotter keeps every node it saw alive, which is what is counted here.
test.use({ trace: 'off', gatewayOptions: { stepMs: 5 } });

const CHANNELS = ['General', 'Second'];

/** Live DOM nodes of the page's renderer, in the document or not, after a full GC. */
async function liveNodes(cdp: CDPSession): Promise<number> {
	await cdp.send('HeapProfiler.collectGarbage');
	const counters = (await cdp.send('Memory.getDOMCounters')) as { nodes: number };
	return counters.nodes;
}

/** Open each channel in turn and ask two questions there, each answered in full. */
async function round(page: Page, r: number): Promise<void> {
	for (const name of CHANNELS) {
		await openChannel(page, name);
		for (const i of [1, 2]) {
			const text = `Round ${r}, question ${i} in ${name}.`;
			await composer(page).fill(text);
			await sendButton(page).click();
			await expect(replyTo(page, text)).toHaveAttribute('data-status', 'complete');
		}
	}
}

test('a session lets go of the conversations it left and the answers it no longer shows', async ({
	page,
	gateway
}) => {
	test.setTimeout(120_000);
	await pairViaLink(page, gateway);
	await createChannel(page, CHANNELS[1]!);
	const cdp = await page.context().newCDPSession(page);
	// Warm-up: every kind of row and the channels' first pages have been shown once.
	await round(page, 1);
	await round(page, 2);
	const before = await liveNodes(cdp);
	for (const r of [3, 4, 5, 6]) await round(page, r);
	const after = await liveNodes(cdp);
	// 16 more answers and 8 switches. Kept alive, each left conversation and streamed answer held
	// hundreds of nodes (~500 per answer); what may grow is the sidebar's and the log's own.
	expect(after - before, `live DOM nodes ${before} → ${after}`).toBeLessThan(800);
});
