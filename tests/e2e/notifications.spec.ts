import { channelLink, expect, messageLog, pairViaLink, sendMessage, test } from './fixtures';
import type { Page } from '@playwright/test';

const toasts = (page: Page) => page.getByRole('status', { name: 'Notifications', exact: true });

test('a notification shows as a toast that links to its chat', async ({ page, gateway }) => {
	await pairViaLink(page, gateway);
	// The agent creates a channel: a channel_created notification scoped to it.
	await sendMessage(page, '/demo channel Ideas');
	const toast = toasts(page).getByRole('link', { name: /New channel: Ideas/ });
	await expect(toast).toBeVisible();
	await expect(toasts(page)).toHaveAttribute('aria-live', 'polite');
	await expect(channelLink(page, 'General')).toHaveAttribute('aria-current', 'page');
	await toast.click();
	await expect(channelLink(page, 'Ideas')).toHaveAttribute('aria-current', 'page');
	// Followed toasts go away.
	await expect(toast).toHaveCount(0);

	// Each kind shows; dismiss removes it.
	await sendMessage(page, '/demo notify approval Approve the deploy');
	const approval = toasts(page).locator('[data-kind="approval"]');
	await expect(approval).toContainText('Approve the deploy');
	await expect(approval.getByRole('link')).toHaveAttribute('href', /\/chat\/chan_/);
	await approval.getByRole('button', { name: 'Dismiss notification' }).click();
	await expect(approval).toHaveCount(0);
});

test('cron: a cron notification and a message styled as cron', async ({ page, gateway }) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, '/demo cron');
	await expect(toasts(page).locator('[data-kind="cron"]')).toContainText('Cron job finished');
	const cron = messageLog(page).locator('article[data-role="cron"]');
	await expect(cron).toContainText('daily-report');
	await expect(cron).toContainText('Cron');
	await expect(cron).toHaveClass(/\bcron\b/);
});

test('gateway status and an unsolicited error are shown', async ({ page, gateway }) => {
	await pairViaLink(page, gateway);
	const state = page.getByRole('status', { name: 'Gateway', exact: true });
	await expect(state).toHaveText('Gateway online');
	await sendMessage(page, '/demo status');
	await expect(state).toHaveText('Gateway restarting…');
	await expect(state).toHaveText('Gateway online');

	await sendMessage(page, '/demo alert');
	const banner = page.getByRole('alert').filter({ hasText: 'Gateway error (internal)' });
	await expect(banner).toContainText('Demo: the agent hit an internal error');
	await banner.getByRole('button', { name: 'Dismiss' }).click();
	await expect(banner).toHaveCount(0);

	// Unreachable: what the gateway last said of itself is no longer shown.
	await gateway.kill();
	await expect(state).toHaveCount(0);
});
