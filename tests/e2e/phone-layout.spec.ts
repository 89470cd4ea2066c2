import type { Locator, Page } from '@playwright/test';
import {
	channelLink,
	composer,
	connectionStatus,
	expect,
	messageLog,
	pairViaLink,
	startsWith,
	test
} from './fixtures';
import { hook } from './faults';

/** Every box in `scope` that a finger can press: buttons, links, menu items, fields. */
async function smallTargets(scope: Locator): Promise<string[]> {
	return scope.evaluate((root) =>
		[...root.querySelectorAll<HTMLElement>('button, a[href], [role="menuitem"], input, select')]
			.filter((el) => el.checkVisibility())
			.map((el) => ({ el, box: el.getBoundingClientRect() }))
			.filter(({ box }) => box.width < 44 || box.height < 44)
			.map(
				({ el, box }) =>
					`${el.getAttribute('aria-label') ?? el.textContent?.trim()} ${box.width}×${box.height}`
			)
	);
}

const header = (page: Page) => page.locator('header.channel-header');

for (const size of [
	{ width: 390, height: 844 },
	{ width: 360, height: 740 }
]) {
	test.describe(`phone ${size.width}×${size.height}`, () => {
		test.use({ viewport: size, hasTouch: true, isMobile: true });

		test('one top bar, the conversation gets the screen, no sideways scroll, fingers fit', async ({
			page,
			gateway
		}) => {
			await pairViaLink(page, gateway);
			await expect(composer(page)).toBeVisible();
			const bar = await header(page).boundingBox();
			expect(bar?.height).toBeLessThanOrEqual(56);
			// The bar is the only thing above the conversation.
			const log = await messageLog(page).boundingBox();
			expect(log!.y).toBeLessThanOrEqual(bar!.y + bar!.height + 1);
			expect(log!.height / size.height).toBeGreaterThanOrEqual(0.7);
			expect(
				await page.evaluate(
					() => document.documentElement.scrollWidth - document.documentElement.clientWidth
				)
			).toBe(0);
			expect(await smallTargets(header(page))).toEqual([]);

			// The menu's items and the drawer's controls are touch-sized too.
			await page.getByRole('button', { name: 'Channel actions', exact: true }).click();
			const menu = page.getByRole('menu', { name: 'Channel actions' });
			await expect(menu).toBeVisible();
			expect(await smallTargets(menu)).toEqual([]);
			await page.keyboard.press('Escape');
			await expect(menu).toBeHidden();

			await page.getByRole('button', { name: 'Channels', exact: true }).click();
			const drawer = page.getByRole('dialog', { name: 'Channels' });
			await expect(drawer).toBeVisible();
			await expect(channelLink(page, 'General')).toBeVisible();
			expect(await smallTargets(drawer.getByRole('navigation', { name: 'Channels' }))).toEqual([]);
			for (const control of [
				drawer.getByRole('button', { name: 'New channel', exact: true }),
				drawer.getByRole('link', { name: 'Settings', exact: true })
			]) {
				const box = await control.boundingBox();
				expect(Math.min(box!.width, box!.height)).toBeGreaterThanOrEqual(44);
			}
		});
	});
}

test.describe('phone header while the gateway is unreachable', () => {
	test.use({
		viewport: { width: 390, height: 844 },
		hasTouch: true,
		isMobile: true,
		gatewayOptions: { testHooks: true }
	});

	test('the channel name keeps its place; the state is the dot, and in words for screen readers', async ({
		page,
		gateway
	}) => {
		await pairViaLink(page, gateway);
		await hook(gateway, 'refuse', { ms: 60_000 });
		await hook(gateway, 'drop');
		const status = connectionStatus(page);
		await expect(status).toHaveText(startsWith('Reconnecting', 'Connecting'));
		const title = header(page).getByRole('heading', { name: 'General' });
		await expect(title).toBeVisible();
		const box = (await title.boundingBox())!;
		expect(box.width).toBeGreaterThan(40);
		// Nothing of the connection area sits on the name or the Default tag.
		const dot = page.getByRole('button', { name: 'Connection details' });
		const tag = header(page).getByText('Default', { exact: true });
		const [dotBox, tagBox] = [(await dot.boundingBox())!, (await tag.boundingBox())!];
		expect(dotBox.x).toBeGreaterThanOrEqual(tagBox.x + tagBox.width);
		expect(await status.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
	});
});

test.describe('phone drawer', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

	test('Escape and the backdrop close the Channels drawer, and focus returns to its button', async ({
		page,
		gateway
	}) => {
		await pairViaLink(page, gateway);
		const toggle = page.getByRole('button', { name: 'Channels', exact: true });
		const drawer = page.getByRole('dialog', { name: 'Channels' });
		// Pairing lands on the default chat after connecting: that navigation would close the
		// drawer (and reset the focus) if it came after the button was pressed.
		await expect(page).toHaveURL(/\/chat\/default$/);
		await toggle.focus();
		await page.keyboard.press('Enter');
		await expect(drawer).toBeVisible();
		await expect(toggle).toHaveAttribute('aria-expanded', 'true');
		await page.keyboard.press('Escape');
		await expect(drawer).toBeHidden();
		await expect(toggle).toHaveAttribute('aria-expanded', 'false');
		await expect(toggle).toBeFocused();

		// A tap on the backdrop (right of the panel) closes it too.
		await toggle.click();
		await expect(drawer).toBeVisible();
		await page.mouse.click(380, 400);
		await expect(drawer).toBeHidden();
		await expect(toggle).toHaveAttribute('aria-expanded', 'false');
	});
});

test.describe('desktop 1280×800', () => {
	test.use({ viewport: { width: 1280, height: 800 } });

	test('the header is one row: name, connection dot, search and the menu; no Channels button', async ({
		page,
		gateway
	}) => {
		await pairViaLink(page, gateway);
		await expect(page.getByRole('heading', { name: 'General', exact: true })).toBeVisible();
		const row = await header(page).boundingBox();
		expect(row?.height).toBeLessThanOrEqual(56);
		const tops = await header(page).evaluate((el) =>
			[...el.querySelectorAll<HTMLElement>('h1, button')]
				.filter((b) => b.checkVisibility())
				.map((b) => {
					const r = b.getBoundingClientRect();
					return r.top + r.height / 2;
				})
		);
		expect(tops.length).toBeGreaterThanOrEqual(4);
		for (const centre of tops) expect(Math.abs(centre - tops[0]!)).toBeLessThan(6);
		await expect(page.getByRole('button', { name: 'Channels', exact: true })).toHaveCount(0);
		await expect(page.getByRole('navigation', { name: 'Channels' })).toBeVisible();
		// Each icon button is named and has a tooltip.
		for (const name of ['Connection details', 'Search', 'Channel actions']) {
			await expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('title', /.+/);
		}
		// The dot's popover tells the state in words and the gateway's own state.
		await page.getByRole('button', { name: 'Connection details', exact: true }).click();
		const details = page.getByRole('dialog', { name: 'Connection details' });
		await expect(details).toContainText('Connected');
		await expect(details).toContainText('Gateway online');
		await expect(details).toContainText(`127.0.0.1:${gateway.port}`);
	});
});
