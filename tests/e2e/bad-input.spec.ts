import { readFile } from 'node:fs/promises';
import { expect, messageLog, pairViaLink, readMessageRow, test } from './fixtures';
import { chatsOnce, hook } from './faults';
import type { Page } from '@playwright/test';

test.use({ gatewayOptions: { testHooks: true, stepMs: 1 } });

const TEN_MB = 10 * 1024 * 1024;

/** One raw frame per malformed-input class, and the diagnostics kind it must be recorded as. */
const BAD_FRAMES: [kind: string, frame: string][] = [
	['frame_json', '{"v":1,"type":"message","payload":'],
	['frame_version', '{"v":2,"type":"message","payload":{"message_id":"v2","text":"x"}}'],
	['frame_unknown_type', '{"v":1,"type":"future.thing","payload":{}}'],
	['frame_invalid', '{"v":1,"type":"message.update","payload":{"message_id":"no-text"}}'],
	['frame_envelope', '{"v":1,"payload":{}}'],
	[
		'frame_too_large',
		`{"v":1,"type":"message","payload":{"message_id":"huge","text":"${'x'.repeat(TEN_MB)}"}}`
	]
];

test('each malformed-input class is recorded in Diagnostics, skipped, and exportable', async ({
	page,
	gateway
}) => {
	const errors: string[] = [];
	page.on('pageerror', (e) => errors.push(e.message));
	await pairViaLink(page, gateway);
	for (const [, frame] of BAD_FRAMES) {
		expect(await hook(gateway, 'inject', {}, frame)).toEqual({ sent: 1, repeat: 1 });
	}
	await chatsOnce(page, 'Still here after bad frames');
	expect(await readMessageRow(page, 'huge')).toBeUndefined();
	expect(await readMessageRow(page, 'v2')).toBeUndefined();

	await page.getByRole('link', { name: 'Settings', exact: true }).click();
	await expect(page.getByRole('heading', { name: 'Diagnostics' })).toBeVisible();
	const events = page.getByRole('list', { name: 'Protocol events' });
	for (const [kind] of BAD_FRAMES) {
		await expect(events.locator(`li[data-kind="${kind}"]`)).toHaveCount(1);
	}

	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('button', { name: 'Export JSON' }).click()
	]);
	const exported = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as {
		kind: string;
		message: string;
	}[];
	expect(exported.map((e) => e.kind)).toEqual(
		expect.arrayContaining(BAD_FRAMES.map(([kind]) => kind))
	);
	// Excerpts are short: a 10 MB frame does not end up in the export.
	expect(JSON.stringify(exported).length).toBeLessThan(100_000);
	expect(errors).toEqual([]);
});

/**
 * Resolves once the page has an element matching `selector`: awaited in the page on DOM
 * mutations, with no clock of its own (the test's timeout is the only limit).
 */
async function untilInPage(page: Page, selector: string): Promise<void> {
	await page.evaluate(
		(selector) =>
			new Promise<void>((resolve) => {
				if (document.querySelector(selector)) return resolve();
				const observer = new MutationObserver(() => {
					if (!document.querySelector(selector)) return;
					observer.disconnect();
					resolve();
				});
				observer.observe(document.body, { subtree: true, childList: true, attributes: true });
			}),
		selector
	);
}

test('100,000 updates of one message stay responsive; text is stored well-formed', async ({
	page,
	gateway
}) => {
	// The browser hands a worker about 8,000 WebSocket frames a second here (npm run bench,
	// "I"): the flood takes its time on a loaded machine, and the test waits for its end, not
	// for a deadline.
	test.slow();
	await pairViaLink(page, gateway);
	await hook(
		gateway,
		'inject',
		{},
		'{"v":1,"type":"message.start","payload":{"message_id":"flood"}}'
	);
	await hook(
		gateway,
		'inject',
		{ repeat: 100_000 },
		'{"v":1,"type":"message.update","payload":{"message_id":"flood","text":"update {{i}}"}}'
	);
	// A stream cut between the halves of a surrogate pair, then a final text with a lone one.
	await hook(
		gateway,
		'inject',
		{},
		'{"v":1,"type":"message.update","payload":{"message_id":"flood","text":"update 99999 \\ud83d"}}'
	);
	await hook(
		gateway,
		'inject',
		{},
		'{"v":1,"type":"message.stop","payload":{"message_id":"flood","final_text":"done \\ud83d\\ude00 and \\udc00 lone"}}'
	);
	await untilInPage(page, '[role="log"] article[data-message-id="flood"][data-status="complete"]');
	const flood = messageLog(page).locator('article[data-message-id="flood"]');
	await expect(flood).toHaveAttribute('data-status', 'complete');
	await expect(flood).toContainText('done 😀 and \uFFFD lone');
	await expect(flood.locator('[dir="auto"]').first()).toBeVisible();
	await expect
		.poll(async () => (await readMessageRow(page, 'flood'))?.text)
		.toBe('done 😀 and \uFFFD lone');
	await chatsOnce(page, 'Responsive after the flood');
});
