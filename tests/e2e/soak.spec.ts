/**
 * Soak: messages sent from two tabs across forced disconnects, a gateway restart and an offline
 * period; afterwards the gateway accepted each exactly once and in order per tab, every reply is
 * in IndexedDB exactly once, and no tab shows a message twice. `IRIS_SOAK_MESSAGES` (split
 * between the tabs) and `IRIS_SOAK_DROPS` scale it. The defaults are the reliability target:
 * 200 messages across 12 forced disconnects (plus the restart and the offline period);
 * on two shared cores that takes a few minutes, mostly rendering two tabs of ever longer
 * conversations. `IRIS_SOAK_MESSAGES=40` makes a quick local run.
 */
import type { Page } from '@playwright/test';
import {
	composer,
	connectionStatus,
	expect,
	pairViaLink,
	readMessageRows,
	startsWith,
	test,
	userMessage
} from './fixtures';
import { duplicateMessageIds, gatewayState, hook } from './faults';
import { reveal } from './log-walk';

const MESSAGES = Number(process.env.IRIS_SOAK_MESSAGES ?? 200);
const DROPS = Number(process.env.IRIS_SOAK_DROPS ?? 12);
const PER_TAB = Math.ceil(MESSAGES / 2);

// The soak is about exactly-once delivery through drops and restarts, as fast as the app sends:
// the per-device send limit (its own tests: outbox-rate-limit, gateway-rate-limit) is lifted.
test.use({ gatewayOptions: { testHooks: true, stepMs: 1, env: { IRIS_SEND_BURST: '100000' } } });

const label = (tab: string, i: number) => `soak ${tab}-${String(i).padStart(3, '0')}`;

/** Type and send; the bubble is checked later (every message, once, at the end). */
async function send(page: Page, text: string): Promise<void> {
	await composer(page).fill(text);
	await composer(page).press('Enter');
	await expect(composer(page)).toHaveValue('');
}

/**
 * Wait until no message stored in the profile is still waiting to be acknowledged. Read from the
 * store, not the DOM: the list is virtualized, so a sending row may not be rendered.
 */
async function drained(page: Page): Promise<void> {
	await expect
		.poll(
			async () =>
				(await readMessageRows(page)).filter((r) => r.role === 'user' && r.status === 'sending')
					.length,
			{ timeout: 60_000 }
		)
		.toBe(0);
}

test('soak: two tabs, forced disconnects, a restart and an offline period lose nothing', async ({
	context,
	gateway
}) => {
	test.setTimeout(600_000);
	const started = Date.now();
	const a = await context.newPage();
	await pairViaLink(a, gateway);
	const b = await context.newPage();
	await b.goto(gateway.httpUrl);
	await expect(connectionStatus(b)).toHaveText(startsWith('Connected'));

	const dropEvery = Math.max(1, Math.floor(PER_TAB / (DROPS + 1)));
	const restartAt = Math.floor(PER_TAB / 2) + 1;
	const offlineAt = Math.floor((PER_TAB * 3) / 4) + 2;
	let drops = 0;
	const sent: string[] = [];
	for (let i = 0; i < PER_TAB; i++) {
		if (i === restartAt) {
			await drained(a);
			await hook(gateway, 'restart');
		} else if (i === offlineAt) {
			// Offline period: the gateway is unreachable (connections refused) for a few seconds.
			// (Chromium's context.setOffline does not give navigator.onLine back to a dedicated
			// worker here, so the network is cut at the gateway instead.)
			await drained(a);
			await hook(gateway, 'refuse', { ms: 5000 });
			await hook(gateway, 'drop');
			await expect(connectionStatus(a)).toHaveText(startsWith('Offline', 'Reconnecting'));
		} else if (i > 0 && i % dropEvery === 0 && drops < DROPS) {
			// A drop while earlier messages may be in flight: each is re-sent at most once.
			await drained(a);
			await hook(gateway, 'drop');
			drops += 1;
		}
		for (const [page, tab] of [
			[a, 'A'],
			[b, 'B']
		] as const) {
			const text = label(tab, i);
			await send(page, text);
			sent.push(text);
			// Written while the gateway is unreachable: shown as queued until it goes out.
			// (Looked at in front: a background tab does not lay out new rows of its list.)
			if (i === offlineAt) {
				await page.bringToFront();
				await reveal(page, userMessage(page, text));
				await expect(userMessage(page, text)).toContainText('Queued');
			}
		}
	}
	expect(drops).toBeGreaterThanOrEqual(Math.min(DROPS, 10));

	await expect(connectionStatus(a)).toHaveText(startsWith('Connected'), { timeout: 60_000 });
	await expect
		.poll(async () => (await gatewayState(gateway)).user_messages.length, { timeout: 120_000 })
		.toBeGreaterThanOrEqual(sent.length);
	const replyRows = async () =>
		(await readMessageRows(a)).filter((r) => r.role === 'assistant' && r.status === 'complete');
	await expect
		.poll(async () => (await replyRows()).length, { timeout: 120_000 })
		.toBeGreaterThanOrEqual(sent.length);

	const state = await gatewayState(gateway);
	const received = state.user_messages.map((m) => m.text ?? '');
	const rows = await replyRows();
	const repliesTo = (text: string) => rows.filter((r) => r.text.includes(`> ${text}\n`)).length;
	const counts = sent.map((text) => ({
		text,
		atGateway: received.filter((t) => t === text).length,
		replies: repliesTo(text)
	}));
	const duplicates =
		counts.reduce((n, c) => n + Math.max(0, c.atGateway - 1) + Math.max(0, c.replies - 1), 0) +
		(await duplicateMessageIds(a)) +
		(await duplicateMessageIds(b));
	const lost = counts.filter((c) => c.atGateway === 0 || c.replies === 0).length;
	const replies = counts.filter((c) => c.replies === 1).length;
	console.log(
		`[soak] ${Math.round((Date.now() - started) / 1000)} s: sent ${sent.length}, received ${received.length}, replies ${replies}, ` +
			`duplicates ${duplicates}, lost ${lost} (drops ${drops}, resends dropped by the gateway ${state.stats.duplicateSends})`
	);

	for (const tab of ['A', 'B']) {
		const mine = sent.filter((t) => t.startsWith(`soak ${tab}-`));
		expect(received.filter((t) => t.startsWith(`soak ${tab}-`))).toEqual(mine);
	}
	expect(duplicates).toBe(0);
	expect(lost).toBe(0);
	expect(received).toHaveLength(sent.length);
	expect(replies).toBe(sent.length);
});
