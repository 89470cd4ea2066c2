/**
 * Keyboard first: the skip link, where the focus goes when a chat opens, the channel and
 * dialog shortcuts, and the shortcut list. Driven with `page.keyboard` only (no pointer).
 */
import type { Locator, Page } from '@playwright/test';
import {
	channelLink,
	composer,
	connectionStatus,
	expect,
	messageLog,
	pairViaLink,
	sendMessage,
	startsWith,
	test
} from './fixtures';

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

	test('offline is said in words in the header, not by the dot’s colour alone', async ({
		page,
		gateway
	}) => {
		await pairViaLink(page, gateway);
		const status = connectionStatus(page);
		await expect(status).toHaveText(startsWith('Connected'));
		// Connected: the dot says it (the words are for screen readers).
		expect((await status.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
		await page.context().setOffline(true);
		await expect(status).toHaveText(startsWith('Offline'), { timeout: 20_000 });
		await expect(status).toBeInViewport();
		expect((await status.boundingBox())!.width).toBeGreaterThan(20);
		await page.context().setOffline(false);
		await expect(status).toHaveText(startsWith('Connected'), { timeout: 20_000 });
	});

	test('a question’s hint names no Escape key on a touch screen', async ({ page, gateway }) => {
		await pairViaLink(page, gateway);
		await sendMessage(page, '/demo approval');
		const dialog = page.getByRole('dialog', { name: 'Approval required', exact: true });
		await expect(dialog).toContainText('the question stays here until you give it');
		await expect(dialog).not.toContainText('Escape');
	});

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

test.describe('shortcuts', () => {
	test.use({ viewport: { width: 1280, height: 800 } });

	test('Alt+↑/↓ open the previous / next channel, from the message box and the log', async ({
		page,
		gateway
	}) => {
		await pairViaLink(page, gateway);
		await demoChannel(page, 'Alpha room');
		await demoChannel(page, 'Beta room');
		const nav = page.getByRole('navigation', { name: 'Channels' });
		const links = nav.getByRole('link');
		await expect(links).toHaveCount(3);
		const order = await links.allInnerTexts();
		const current = nav.locator('a[aria-current="page"]');
		const at = async () => order.indexOf(await current.innerText());

		// From the message box, with a draft: Alt+↑/↓ type nothing.
		await pressUntil(page, composer(page));
		await page.keyboard.type('my draft');
		const start = await at();
		const step = start < order.length - 1 ? 1 : -1;
		await page.keyboard.press(step === 1 ? 'Alt+ArrowDown' : 'Alt+ArrowUp');
		await expect(current).toHaveText(order[start + step]!);
		await expect(composer(page)).toBeFocused();
		await expect(composer(page)).toHaveValue('');
		await page.keyboard.press(step === 1 ? 'Alt+ArrowUp' : 'Alt+ArrowDown');
		await expect(current).toHaveText(order[start]!);
		await expect(composer(page)).toHaveValue('my draft');

		// From the log: down to the last channel, where Alt+↓ stays (no wrapping).
		await pressUntil(page, messageLog(page), 'Shift+Tab');
		while ((await at()) < order.length - 1) {
			const before = await at();
			await page.keyboard.press('Alt+ArrowDown');
			await expect(current).toHaveText(order[before + 1]!);
		}
		await page.keyboard.press('Alt+ArrowDown');
		await expect(current).toHaveText(order[order.length - 1]!);
		await page.keyboard.press('Alt+ArrowUp');
		await expect(current).toHaveText(order[order.length - 2]!);
	});

	test('? and Ctrl+/ open the shortcut list; the focus stays in it; Escape gives it back', async ({
		page,
		gateway
	}) => {
		await pairViaLink(page, gateway);
		const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
		const close = dialog.getByRole('button', { name: 'Close', exact: true });

		// `?` from the log.
		await pressUntil(page, messageLog(page), 'Shift+Tab');
		await page.keyboard.press('?');
		await expect(dialog).toBeVisible();
		await expect(close).toBeFocused();
		for (const text of [
			'Search messages',
			'Previous channel',
			'Next channel',
			'Send the message',
			'New line',
			'Show this list of shortcuts'
		])
			await expect(dialog).toContainText(text);
		await expect(dialog.locator('kbd', { hasText: 'Alt' }).first()).toBeVisible();
		const inside = () => dialog.evaluate((d) => d.contains(document.activeElement));
		for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
			await page.keyboard.press(key);
			expect(await inside()).toBe(true);
		}
		await page.keyboard.press('Escape');
		await expect(dialog).toBeHidden();
		await expect(messageLog(page)).toBeFocused();

		// Ctrl+/ from the message box; `?` typed there is text.
		await pressUntil(page, composer(page));
		await page.keyboard.type('Why?');
		await expect(composer(page)).toHaveValue('Why?');
		await expect(dialog).toBeHidden();
		await page.keyboard.press('Control+/');
		await expect(dialog).toBeVisible();
		await expect(close).toBeFocused();
		await page.keyboard.press('Escape');
		await expect(dialog).toBeHidden();
		await expect(composer(page)).toBeFocused();
		await expect(composer(page)).toHaveValue('Why?');

		// The same list in Settings, under its own heading.
		await pressUntil(page, page.getByRole('link', { name: 'Settings' }), 'Shift+Tab', 120);
		await page.keyboard.press('Enter');
		const heading = page.getByRole('heading', { name: 'Keyboard shortcuts', level: 2 });
		await expect(heading).toBeVisible();
		await expect(page.locator('section', { has: heading })).toContainText('Previous channel');
	});

	test('Escape closes the top layer (search, the channel menu) and the focus returns; no shortcut list over search', async ({
		page,
		gateway
	}) => {
		await pairViaLink(page, gateway);
		await expect(composer(page)).toBeFocused();
		const search = page.getByRole('searchbox', { name: 'Search messages', exact: true });
		await page.keyboard.press('Control+K');
		await expect(search).toBeFocused();
		// The shortcut keys stay out of the way while the search dialog is open.
		await page.keyboard.press('Control+/');
		await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
		await page.keyboard.press('Escape');
		await expect(search).toBeHidden();
		await expect(composer(page)).toBeFocused();

		const more = page.getByRole('button', { name: 'Channel actions' });
		await pressUntil(page, more, 'Shift+Tab', 120);
		await page.keyboard.press('Enter');
		const menu = page.getByRole('menu');
		await expect(menu).toBeVisible();
		await page.keyboard.press('Escape');
		await expect(menu).toBeHidden();
		await expect(more).toBeFocused();
	});
});
