import { expect, lastArticle, pairViaLink, sendMessage, test } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * Records the page's wake lock requests and releases. Headless Chromium refuses the real lock
 * (no display to keep on): a refusal is answered with a stand-in sentinel; a granted lock is used
 * as it is. `window.__wake.held` is the number of sentinels not yet released.
 */
async function recordWakeLock(page: Page): Promise<void> {
	await page.addInitScript(() => {
		const state = { requests: 0, held: 0 };
		(window as unknown as { __wake: typeof state }).__wake = state;
		const real = navigator.wakeLock;
		const fake = (): WakeLockSentinel => {
			const target = new EventTarget() as WakeLockSentinel;
			let released = false;
			Object.assign(target, {
				type: 'screen',
				get released() {
					return released;
				},
				release: async () => {
					if (released) return;
					released = true;
					target.dispatchEvent(new Event('release'));
				}
			});
			return target;
		};
		Object.defineProperty(navigator, 'wakeLock', {
			configurable: true,
			value: {
				request: async (type: 'screen') => {
					state.requests++;
					const sentinel = (await real?.request(type).catch(fake)) ?? fake();
					state.held++;
					sentinel.addEventListener('release', () => state.held--);
					return sentinel;
				}
			}
		});
	});
}

const wake = (page: Page) =>
	page.evaluate(() => (window as unknown as { __wake: { requests: number; held: number } }).__wake);

test('the screen stays on while the agent works, not after; Stop and the setting let it dim', async ({
	page,
	gateway
}) => {
	await recordWakeLock(page);
	await pairViaLink(page, gateway);
	expect(await wake(page)).toEqual({ requests: 0, held: 0 });

	// A turn waiting for an approval is still the agent working: held until the turn ends.
	await sendMessage(page, '/demo approval');
	const dialog = page.getByRole('dialog', { name: 'Approval required' });
	await expect(dialog).toBeVisible();
	expect(await wake(page)).toEqual({ requests: 1, held: 1 });
	await dialog.getByRole('button', { name: 'Allow once' }).click();
	await expect(lastArticle(page, 'assistant')).toHaveAttribute('data-status', 'complete');
	await expect.poll(() => wake(page)).toEqual({ requests: 1, held: 0 });

	// Stop lets go at once.
	await sendMessage(page, '/demo slow');
	await expect(lastArticle(page, 'assistant')).toContainText('word3');
	expect(await wake(page)).toEqual({ requests: 2, held: 1 });
	await page.getByRole('button', { name: 'Stop', exact: true }).click();
	await expect.poll(() => wake(page)).toEqual({ requests: 2, held: 0 });
	await gateway.waitForLine(/^\[gateway\] agent\.stop in default$/);
	await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeHidden();

	// Turned off in Settings: no lock for the next turn.
	await page.getByRole('link', { name: 'Settings' }).click();
	const setting = page.getByRole('checkbox', { name: 'Keep the screen on while Hermes works' });
	await expect(setting).toBeChecked();
	await setting.uncheck();
	await page.goBack();
	await sendMessage(page, '/demo tools');
	// The tools answer's end (until it begins, the last answer is the approval's, complete).
	await expect(lastArticle(page, 'assistant')).toContainText('the test run failed');
	await expect(lastArticle(page, 'assistant')).toHaveAttribute('data-status', 'complete');
	expect(await wake(page)).toEqual({ requests: 2, held: 0 });
});
