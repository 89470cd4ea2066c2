/**
 * The Inbox: the scheduled jobs' reports from every channel, grouped by job, with how many came
 * since the last look — in the sidebar's badge and as a digest at the top — also for reports that
 * arrived while this device was away (replayed by the reconnect's sync).
 */
import type { Page } from '@playwright/test';
import { channelLink, expect, messageLog, pairViaLink, sendMessage, test } from './fixtures';
import { createChannel } from './agent-support';

const inboxLink = (page: Page) => page.getByRole('link', { name: 'Inbox', exact: true });

/** Run the demo's scheduled job `job` in the open channel; resolves once its report shows. */
async function runJob(page: Page, job: string): Promise<void> {
	await sendMessage(page, `/demo cron ${job}`);
	await expect(
		messageLog(page).locator('article[data-role="cron"]').filter({ hasText: job }).last()
	).toBeVisible();
}

test('job reports collect in the Inbox by job; the badge counts what is new, also from a time away', async ({
	page,
	context,
	browser,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await expect(inboxLink(page)).toBeVisible();
	await expect(inboxLink(page)).toHaveAccessibleDescription('');

	await runJob(page, 'nightly-backup');
	await runJob(page, 'daily-report');
	await createChannel(page, 'Ops');
	await runJob(page, 'daily-report');
	// Three runs: each job's notice and report are one entry.
	await expect(inboxLink(page)).toHaveAccessibleDescription('3 unread');

	await inboxLink(page).click();
	await expect(page).toHaveURL(/\/inbox$/);
	await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
	await expect(page.getByText('3 new reports since you last looked (from 2 jobs)')).toBeVisible();
	const daily = page.getByRole('region', { name: /^daily-report/ });
	await expect(daily.getByRole('heading')).toHaveText(/daily-report\s*2 new/);
	await expect(daily.getByRole('listitem')).toHaveCount(2);
	// Newest first: the run in Ops, then the one in General.
	await expect(daily.getByRole('listitem').first()).toContainText('Ops');
	await expect(daily.getByRole('listitem').last()).toContainText('General');
	await expect(page.getByRole('region', { name: /^nightly-backup/ })).toContainText(
		'3 new items summarised'
	);
	// Looked at: nothing new any more.
	await expect(inboxLink(page)).toHaveAccessibleDescription('');

	// An entry opens its report in its chat.
	await daily.getByRole('listitem').last().getByRole('link').click();
	await expect(channelLink(page, 'General')).toHaveAttribute('aria-current', 'page');
	await expect(page).toHaveURL(/\/chat\/default\?message=/);
	await expect(inboxLink(page)).toHaveAccessibleDescription('');

	// Away (the app closed), the job runs twice more from another device.
	const url = page.url();
	await page.close();
	const other = await browser.newContext();
	try {
		const phone = await other.newPage();
		await pairViaLink(phone, gateway);
		// A device paired later counts none of the history as new.
		await expect(messageLog(phone).locator('article[data-role="cron"]')).toHaveCount(2);
		await expect(inboxLink(phone)).toHaveAccessibleDescription('');
		await runJob(phone, 'nightly-backup');
		await runJob(phone, 'nightly-backup');
		// Seen in the open chat, but not in the Inbox yet: its count is the Inbox's own.
		await expect(inboxLink(phone)).toHaveAccessibleDescription('2 unread');
	} finally {
		await other.close();
	}
	const back = await context.newPage();
	await back.goto(url);
	await expect(inboxLink(back)).toHaveAccessibleDescription('2 unread');
	await inboxLink(back).click();
	await expect(back.getByText('2 new reports since you last looked')).toBeVisible();
	const nightly = back.getByRole('region', { name: /^nightly-backup/ });
	await expect(nightly.getByRole('listitem')).toHaveCount(3);
	await expect(nightly.getByRole('heading')).toHaveText(/nightly-backup\s*2 new/);
});

test('the Inbox opens on its heading; Back from a report comes to the entry opened, the jobs shown as they were', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	for (let run = 0; run < 4; run += 1) await runJob(page, 'daily-report');
	// Looked at once: nothing new, so the job shows its newest three.
	await inboxLink(page).click();
	await expect(page.getByText('4 new reports since you last looked')).toBeVisible();
	await channelLink(page, 'General').click();
	await expect(page).toHaveURL(/\/chat\/default$/);

	await inboxLink(page).focus();
	await page.keyboard.press('Enter');
	await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeFocused();
	await expect(page.getByRole('banner')).toContainText('Inbox');
	const daily = page.getByRole('region', { name: /^daily-report/ });
	await expect(daily.getByRole('listitem')).toHaveCount(3);
	await daily.getByRole('button', { name: 'Show 1 more report' }).click();
	await expect(daily.getByRole('listitem')).toHaveCount(4);
	const oldest = daily.getByRole('listitem').last().getByRole('link');
	await oldest.focus();
	await page.keyboard.press('Enter');
	await expect(page).toHaveURL(/\/chat\/default\?message=/);

	await page.goBack();
	await expect(page).toHaveURL(/\/inbox$/);
	await expect(daily.getByRole('listitem')).toHaveCount(4);
	await expect(daily.getByRole('listitem').last().getByRole('link')).toBeFocused();
});
