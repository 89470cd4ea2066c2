import type { Locator, Page } from '@playwright/test';
import {
	composer,
	expect,
	lastArticle,
	pairViaLink,
	sendButton,
	sendMessage,
	test
} from './fixtures';

/** The composer's form: everything it shows, tray and row included. */
const composerForm = (page: Page): Locator => composer(page).locator('xpath=ancestor::form');

async function box(locator: Locator) {
	const b = await locator.boundingBox();
	if (!b) throw new Error('not laid out');
	return b;
}

/** The field and the buttons beside it share one row: their vertical extents overlap. */
async function expectOneRow(page: Page, buttons: Locator[]) {
	const field = await box(composer(page));
	for (const button of buttons) {
		const b = await box(button);
		expect(b.y).toBeLessThan(field.y + field.height);
		expect(b.y + b.height).toBeGreaterThan(field.y);
		expect(b.width).toBeGreaterThanOrEqual(44);
		expect(b.height).toBeGreaterThanOrEqual(44);
	}
}

for (const viewport of [
	{ width: 390, height: 844 },
	{ width: 360, height: 740 }
]) {
	test.describe(`on a ${viewport.width}×${viewport.height} touch screen`, () => {
		test.use({ viewport, hasTouch: true, isMobile: true });

		test('the composer is one row of at most 72 px, idle, with text and while busy', async ({
			page,
			gateway
		}) => {
			await pairViaLink(page, gateway);
			expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
			const attach = page.getByRole('button', { name: 'Attach', exact: true });
			const record = page.getByRole('button', { name: 'Record voice note', exact: true });
			const stop = page.getByRole('button', { name: 'Stop', exact: true });
			const steer = page.getByRole('button', { name: 'Steer', exact: true });

			// Idle and empty: the microphone, and Send waiting for something to send.
			await expect(record).toBeVisible();
			await expect(sendButton(page)).toBeDisabled();
			await expectOneRow(page, [attach, record, sendButton(page)]);
			expect((await box(composerForm(page))).height).toBeLessThanOrEqual(72);
			const sendIdle = await box(sendButton(page));

			// Text: Send alone, where it was.
			await composer(page).fill('hello');
			await expect(record).toHaveCount(0);
			await expect(sendButton(page)).toBeEnabled();
			await expectOneRow(page, [attach, sendButton(page)]);
			await composer(page).fill('');

			// Busy: Stop in the place of Send, the Steer switch beside it, still one row.
			await sendMessage(page, '/demo slow');
			await expect(lastArticle(page, 'assistant')).toContainText('word2');
			await expect(stop).toBeVisible();
			await expect(sendButton(page)).toHaveCount(0);
			await expectOneRow(page, [attach, steer, stop]);
			expect((await box(composerForm(page))).height).toBeLessThanOrEqual(72);
			expect(Math.abs((await box(stop)).x - sendIdle.x)).toBeLessThan(1);

			// Typed while busy: Send back in its place (no room for Stop beside it on a phone).
			await composer(page).fill('typed while busy');
			await expect(stop).toBeHidden();
			const sendBusy = await box(sendButton(page));
			expect(Math.abs(sendBusy.x - sendIdle.x)).toBeLessThan(1);
			expect((await box(composerForm(page))).height).toBeLessThanOrEqual(72);
			await expectOneRow(page, [attach, steer, sendButton(page)]);

			// Nothing sticks out sideways.
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth
			);
			expect(overflow).toBe(0);
			await composer(page).fill('');
			await stop.click();
			await expect(record).toBeVisible();
		});
	});
}

test.describe('on a touch screen', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

	test('Enter inserts a line break and Send sends; the setting makes Enter send', async ({
		page,
		gateway
	}) => {
		await pairViaLink(page, gateway);
		const field = composer(page);
		await field.fill('first line');
		await field.press('Enter');
		await field.pressSequentially('second line');
		await expect(field).toHaveValue('first line\nsecond line');
		await expect(field).toHaveAttribute('enterkeyhint', 'enter');
		await sendButton(page).click();
		await expect(lastArticle(page, 'user')).toContainText('second line');
		await expect(field).toHaveValue('');

		// Settings: Enter sends; remembered across a reload.
		await page.goto(`${gateway.httpUrl}/settings`);
		const enterSends = page.getByRole('checkbox', { name: 'Send messages with Enter' });
		await expect(enterSends).not.toBeChecked();
		await enterSends.check();
		await page.reload();
		await expect(enterSends).toBeChecked();
		await page.goto(gateway.httpUrl);
		await field.fill('sent with Enter');
		await expect(field).toHaveAttribute('enterkeyhint', 'send');
		await field.press('Enter');
		await expect(lastArticle(page, 'user')).toContainText('sent with Enter');
		await expect(field).toHaveValue('');
	});

	test('the composer stays above an on-screen keyboard that only shrinks the visual viewport', async ({
		page,
		gateway
	}) => {
		// A browser without interactive-widget support (Safari on iOS): the keyboard shrinks the
		// visual viewport and leaves the layout viewport as it was. Stand in for its visualViewport.
		await page.addInitScript(() => {
			const fake = Object.assign(new EventTarget(), {
				height: window.innerHeight,
				offsetTop: 0,
				width: window.innerWidth
			});
			Object.defineProperty(window, 'visualViewport', { get: () => fake });
			(window as unknown as { fakeKeyboard: (px: number) => void }).fakeKeyboard = (px) => {
				fake.height = window.innerHeight - px;
				fake.dispatchEvent(new Event('resize'));
			};
		});
		await pairViaLink(page, gateway);
		const meta = await page.locator('meta[name="viewport"]').getAttribute('content');
		expect(meta).toContain('interactive-widget=resizes-content');
		await composer(page).focus();
		await page.evaluate(() =>
			(window as unknown as { fakeKeyboard: (px: number) => void }).fakeKeyboard(344)
		);
		await expect
			.poll(async () => {
				const b = await box(composerForm(page));
				return b.y + b.height;
			})
			.toBeLessThanOrEqual(844 - 344 + 1);
		await expect(composer(page)).toBeInViewport();
		// The keyboard goes: the composer is back at the bottom.
		await page.evaluate(() =>
			(window as unknown as { fakeKeyboard: (px: number) => void }).fakeKeyboard(0)
		);
		await expect
			.poll(async () => {
				const b = await box(composerForm(page));
				return Math.round(b.y + b.height);
			})
			.toBe(844);
	});
});

test('with a mouse and keyboard Enter sends; with the setting off Ctrl+Enter still sends', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const field = composer(page);
	await expect(field).toHaveAttribute('enterkeyhint', 'send');
	await field.fill('plain enter');
	await field.press('Enter');
	await expect(lastArticle(page, 'user')).toContainText('plain enter');

	await page.goto(`${gateway.httpUrl}/settings`);
	const enterSends = page.getByRole('checkbox', { name: 'Send messages with Enter' });
	await expect(enterSends).toBeChecked();
	await enterSends.uncheck();
	await page.goto(gateway.httpUrl);
	await field.fill('one');
	await field.press('Enter');
	await field.pressSequentially('two');
	await expect(field).toHaveValue('one\ntwo');
	await field.press('Control+Enter');
	await expect(lastArticle(page, 'user')).toContainText('two');
	await expect(field).toHaveValue('');
});
