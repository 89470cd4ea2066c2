/**
 * On a phone every control a finger presses is at least 44×44 CSS px (WCAG 2.5.5): the chat with
 * an answer (code block, tool cards, message actions), the Channels drawer and Settings. Inline
 * links inside text are exempt (the rule's inline exception); a checkbox or radio counts by its
 * label, which is what takes the tap; a visually hidden input is not a target.
 */
import type { Page } from '@playwright/test';
import { expect, lastArticle, pairViaLink, replyTo, sendMessage, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Targets smaller than 44 px either way, described (empty: all large enough). */
function smallTargets(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const MIN = 44;
		const small: string[] = [];
		const CONTROLS = 'button, a[href], input, select, textarea, summary, [role="button"]';
		for (const el of document.querySelectorAll<HTMLElement>(CONTROLS)) {
			if (!el.checkVisibility() || el.closest('.sr-only, [inert]')) continue;
			if (el.localName === 'a' && el.closest('p, li, td, th, blockquote')) continue;
			let box = el.getBoundingClientRect();
			if (box.width <= 1 || box.height <= 1) continue;
			// Off screen until focused (the skip link): measured as it shows when focused.
			if (box.bottom < 0) continue;
			const label = el instanceof HTMLInputElement ? el.closest('label') : null;
			if (label) box = label.getBoundingClientRect();
			if (box.width < MIN || box.height < MIN) {
				const name = el.getAttribute('aria-label') ?? el.textContent ?? '';
				small.push(
					`${el.localName} "${name.trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`
				);
			}
		}
		return small;
	});
}

test('the chat, the drawer and Settings have no control smaller than 44×44 px', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const text = 'a code block, please';
	await sendMessage(page, text);
	await expect(replyTo(page, text)).toHaveAttribute('data-status', 'complete');
	await sendMessage(page, '/demo tools');
	await expect(lastArticle(page, 'assistant')).toContainText('the test run failed');
	await expect(lastArticle(page, 'assistant')).toHaveAttribute('data-status', 'complete');
	await expect(page.getByRole('button', { name: 'Copy code' }).first()).toBeVisible();
	expect(await smallTargets(page)).toEqual([]);

	await page.getByRole('button', { name: 'Channels', exact: true }).click();
	const drawer = page.getByRole('dialog', { name: 'Channels' });
	await expect(drawer).toBeVisible();
	expect(await smallTargets(page)).toEqual([]);

	await drawer.getByRole('link', { name: 'Settings', exact: true }).click();
	await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
	expect(await smallTargets(page)).toEqual([]);
});
