/**
 * Everyone can read: at 200 % zoom nothing needs a sideways scroll, and right-to-left text
 * (Arabic, Hebrew) reads and wraps right to left while the code next to it stays left to right.
 */
import type { Locator } from '@playwright/test';
import { composer, expect, pairViaLink, replyTo, sendButton, sendMessage, test } from './fixtures';

const direction = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).direction);

/** Whether `locator`'s box overflows sideways (content wider than its box). */
const overflowsSideways = (locator: Locator) =>
	locator.evaluate((el) => el.scrollWidth > el.clientWidth + 1);

test.describe('200 % zoom of a 1280×800 window', () => {
	// A browser zoomed to 200 % lays the page out in half the CSS pixels.
	test.use({ viewport: { width: 640, height: 400 } });

	test('the chat needs no sideways scroll; the composer and the answer stay usable', async ({
		page,
		gateway
	}) => {
		await pairViaLink(page, gateway);
		const text = 'A long line to wrap: ' + 'wordsthatgoonandon '.repeat(12);
		await sendMessage(page, text);
		const reply = replyTo(page, text);
		await expect(reply).toHaveAttribute('data-status', 'complete');
		const root = page.locator('html');
		expect(await overflowsSideways(root)).toBe(false);
		expect(await overflowsSideways(page.locator('body'))).toBe(false);
		// The answer wraps inside its bubble; only code and tables scroll on their own.
		for (const block of await reply.locator('p, li, blockquote, h2').all())
			expect(await overflowsSideways(block)).toBe(false);
		await expect(composer(page)).toBeInViewport();
		await expect(sendButton(page)).toBeInViewport();
		// 640 px is the phone layout: the channels and Settings are in the drawer, one tap away.
		await page.getByRole('button', { name: 'Channels', exact: true }).click();
		const drawer = page.getByRole('dialog', { name: 'Channels' });
		await expect(drawer.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
		await expect(drawer.getByRole('link', { name: 'General' })).toBeVisible();
	});
});

test('text twice as large (the browser font size at 200 %) at 1280×800: no sideways scroll', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const base = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
	// What the browser's font-size setting does: the root size (rem) doubles.
	await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
	expect(await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize))).toBe(
		base * 2
	);
	await sendMessage(page, 'Large text, long enough to wrap over the width of the conversation.');
	expect(await overflowsSideways(page.locator('html'))).toBe(false);
	expect(await overflowsSideways(page.locator('body'))).toBe(false);
	await expect(composer(page)).toBeInViewport();
	await expect(sendButton(page)).toBeInViewport();
});

test('right-to-left text reads right to left; code beside it stays left to right', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const text = 'مرحبا، هذا اختبار للأمر `npm test` في سطر واحد\n\n```sh\nnpm test -- --watch\n```';
	const sent = await sendMessage(page, text);
	await expect(sent.locator('p[dir="auto"]')).toHaveCount(1);
	// Polled: the bubble may re-render once the gateway acknowledges it (a detached paragraph has
	// no computed direction).
	await expect.poll(() => direction(sent.locator('p[dir="auto"]'))).toBe('rtl');

	// The demo quotes the message in its answer: the quote is right to left, its inline code and
	// its code block left to right (and the code block aligned to the left).
	const reply = replyTo(page, 'مرحبا');
	await expect(reply).toHaveAttribute('data-status', 'complete');
	const quote = reply.locator('blockquote');
	await expect.poll(() => direction(quote.locator('p').first())).toBe('rtl');
	const inline = quote.locator('p code').first();
	await expect(inline).toHaveText('npm test');
	expect(await direction(inline)).toBe('ltr');
	const block = quote.locator('pre');
	await expect(block).toContainText('npm test -- --watch');
	expect(await direction(block)).toBe('ltr');
	const code = block.locator('code').first();
	const [blockBox, codeBox] = [await block.boundingBox(), await code.boundingBox()];
	// The code starts at the block's left edge (not pushed to the right as right-to-left text is).
	expect(Math.abs(codeBox!.x - blockBox!.x)).toBeLessThan(2);
	// The rest of the answer (English) stays left to right.
	expect(await direction(reply.locator('h2'))).toBe('ltr');
});
