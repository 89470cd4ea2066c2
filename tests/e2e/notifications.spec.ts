import {
	channelLink,
	composer,
	expect,
	messageLog,
	pairViaLink,
	sendMessage,
	test
} from './fixtures';
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
	await expect(toasts(page).locator('[data-kind="cron"]')).toContainText('Cron Job: daily-report');
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
	// A toast meanwhile lies under the banner, not over its Dismiss button.
	await sendMessage(page, '/demo notify generic While the banner shows');
	const toast = toasts(page).getByText('While the banner shows');
	await expect(toast).toBeVisible();
	const [bannerBox, toastBox] = [await banner.boundingBox(), await toast.boundingBox()];
	expect(toastBox!.y).toBeGreaterThanOrEqual(bannerBox!.y + bannerBox!.height);
	// A real click (Playwright checks that nothing covers the button).
	await banner.getByRole('button', { name: 'Dismiss' }).click({ timeout: 5_000 });
	await expect(banner).toHaveCount(0);

	// Unreachable: what the gateway last said of itself is no longer shown.
	await gateway.kill();
	await expect(state).toHaveCount(0);
});

test('toasts: none for what this device did itself, none replayed after a reload', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	// This device creates a channel: the gateway tells every device, this one too.
	await page.getByRole('button', { name: 'New channel', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: 'New channel', exact: true });
	await dialog.getByRole('textbox', { name: 'Name' }).fill('Work');
	await dialog.getByRole('button', { name: 'Create', exact: true }).click();
	await expect(channelLink(page, 'Work')).toHaveAttribute('aria-current', 'page');
	// The agent's news after it does show; by then the echo of our own change has come and gone.
	await sendMessage(page, '/demo notify generic From the agent');
	await expect(toasts(page).getByRole('link', { name: /From the agent/ })).toBeVisible();
	await expect(toasts(page).getByRole('link')).toHaveCount(1);
	await expect(toasts(page)).not.toContainText('Work');
	await expect(toasts(page)).not.toContainText('chan_');

	// After a reload the catch-up replays those frames: old news, no toast again.
	await page.reload();
	await expect(messageLog(page)).toBeVisible();
	await sendMessage(page, '/demo notify generic After the reload');
	await expect(toasts(page).getByRole('link', { name: /After the reload/ })).toBeVisible();
	await expect(toasts(page).getByRole('link')).toHaveCount(1);
});

test.describe('on a phone', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

	test('a toast never covers the composer', async ({ page, gateway }) => {
		await pairViaLink(page, gateway);
		await sendMessage(page, '/demo notify approval Approve the deploy');
		const toast = toasts(page).locator('[data-kind="approval"]');
		await expect(toast).toBeVisible();
		const box = (await toast.boundingBox())!;
		const form = (await composer(page).boundingBox())!;
		expect(box.y + box.height).toBeLessThanOrEqual(form.y);
		// Within the screen's width.
		expect(box.x).toBeGreaterThanOrEqual(0);
		expect(box.x + box.width).toBeLessThanOrEqual(390);
	});
});
