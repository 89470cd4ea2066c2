/**
 * Keyboard first: the skip link and where the focus goes when a chat opens. Driven with
 * `page.keyboard` only (no pointer).
 */
import type { Locator, Page } from '@playwright/test';
import { channelLink, composer, expect, messageLog, pairViaLink, test } from './fixtures';

/** Press `key` until `target` has the focus; fails after `max` presses. */
async function pressUntil(page: Page, target: Locator, key = 'Tab', max = 60): Promise<void> {
	const handle = await target.elementHandle();
	for (let i = 0; i < max; i += 1) {
		if (await page.evaluate((el) => document.activeElement === el, handle)) return;
		await page.keyboard.press(key);
	}
	throw new Error(`[e2e] ${String(target)} never got the focus`);
}

const skipLink = (page: Page) => page.getByRole('link', { name: 'Skip to message box' });

/** Creates a channel through the demo agent, from the composer, and waits for its link. */
async function demoChannel(page: Page, name: string): Promise<Locator> {
	await pressUntil(page, composer(page));
	await page.keyboard.type(`/demo channel ${name}`);
	await page.keyboard.press('Enter');
	const link = channelLink(page, name);
	await expect(link).toBeVisible();
	return link;
}

test.describe('desktop', () => {
	test.use({ viewport: { width: 1280, height: 800 } });

	test('the first Tab stop skips to the message box; a channel opens with the focus there', async ({
		page,
		gateway
	}) => {
		await pairViaLink(page, gateway);
		await expect(composer(page)).toBeFocused();
		// Tabbing on past the end of the page comes round to the skip link, shown while focused;
		// nothing comes before it (Shift+Tab wraps round to the end of the page).
		await expect(skipLink(page)).not.toBeInViewport();
		await pressUntil(page, skipLink(page), 'Tab', 120);
		await expect(skipLink(page)).toBeInViewport();
		await page.keyboard.press('Shift+Tab');
		const wrapped = await skipLink(page).evaluate((link) => {
			const active = document.activeElement;
			if (!active || active === document.body) return true;
			return (link.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
		});
		expect(wrapped).toBe(true);
		// Out past the last control (the focus leaves the page), then the skip link again.
		await pressUntil(page, skipLink(page), 'Tab', 3);
		await page.keyboard.press('Enter');
		await expect(composer(page)).toBeFocused();
		await expect(skipLink(page)).not.toBeInViewport();
		expect(new URL(page.url()).hash).toBe('');

		// Opening another channel from the list puts the focus in its message box.
		const room = await demoChannel(page, 'Focus room');
		await pressUntil(page, room, 'Shift+Tab', 120);
		await page.keyboard.press('Enter');
		await expect(room).toHaveAttribute('aria-current', 'page');
		await expect(composer(page)).toBeFocused();
		await page.keyboard.type('typed at once');
		await expect(composer(page)).toHaveValue('typed at once');
	});
});

test.describe('phone', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

	test('no keyboard pops up on load; the skip link is still the first Tab stop', async ({
		page,
		gateway
	}) => {
		await pairViaLink(page, gateway);
		await expect(messageLog(page)).toBeVisible();
		await expect(composer(page)).not.toBeFocused();
		await page.keyboard.press('Tab');
		await expect(skipLink(page)).toBeFocused();
		await expect(skipLink(page)).toBeInViewport();
		await page.keyboard.press('Enter');
		await expect(composer(page)).toBeFocused();
	});
});
