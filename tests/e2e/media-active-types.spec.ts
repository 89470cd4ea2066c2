import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, messageLog, pairViaLink, test, type Gateway } from './fixtures';
import { imageLoaded, offerMedia } from './media-support';

/** Script that, if it ever runs on the app's origin, leaves a mark in the app's localStorage. */
const MARK = "try { localStorage.setItem('pwned', location.href) } catch (e) {}";

const HTML = `<!doctype html><title>page</title><script>${MARK}</script><p>hello</p>`;
const SVG =
	'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30">' +
	`<rect width="40" height="30" fill="teal"/><script>${MARK}</script></svg>`;

/** Make the agent offer a file (`/__test/media/offer`, gateway/media/test-hooks.ts). */
function offer(gateway: Gateway, kind: string, mime: string, filename: string, body: string) {
	return offerMedia(gateway, { kind, mime, filename, body });
}

/** Whether any script left its mark on the app's origin. */
function marked(page: Page): Promise<string | null> {
	return page.evaluate(() => localStorage.getItem('pwned'));
}

/** Open `url` in a new tab of the same browser, as "Open link in new tab" would. */
async function openInNewTab(page: Page, url: string): Promise<void> {
	const tab = await page.context().newPage();
	// A download instead of a document makes `goto` throw ("Download is starting"): that is fine.
	await tab.goto(url).catch(() => undefined);
	await tab.close();
}

test('an HTML document from the agent: saving or opening it never runs its script on our origin', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await offer(gateway, 'document', 'text/html', 'page.html', HTML);
	const card = messageLog(page).locator('article', { hasText: 'page.html' });
	await expect(card).toContainText('text/html');
	// One click: fetched, then saved under its name, with its bytes.
	const download = page.waitForEvent('download');
	await card.getByRole('button', { name: 'Download page.html' }).click();
	const file = await download;
	expect(file.suggestedFilename()).toBe('page.html');
	expect(await readFile((await file.path())!, 'utf8')).toBe(HTML);

	// The URL the file was saved from is a download, whatever the file's own type…
	const url = file.url();
	expect(url).toMatch(/^blob:/);
	expect(await page.evaluate(async (u) => (await (await fetch(u)).blob()).type, url)).toBe(
		'application/octet-stream'
	);
	// …so opened in a tab of its own it is saved, not run as a page of the app's origin.
	await openInNewTab(page, url);
	expect(await marked(page)).toBeNull();
});

test('an SVG image from the agent shows as an image; opening the image never runs its script', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await offer(gateway, 'image', 'image/svg+xml', 'drawing.svg', SVG);
	const img = messageLog(page).getByRole('img', { name: 'drawing.svg' }).first();
	await expect.poll(() => imageLoaded(img)).toBe(true);

	// The viewer shows it too (still an <img>).
	await page.getByRole('button', { name: 'View drawing.svg full size' }).click();
	const viewer = page.getByRole('dialog', { name: 'drawing.svg' });
	await expect.poll(() => imageLoaded(viewer.getByRole('img'))).toBe(true);
	await viewer.getByRole('button', { name: 'Close' }).click();

	// "Open image in new tab": whatever its URL, the script cannot reach the app's origin.
	await openInNewTab(page, (await img.getAttribute('src'))!);
	expect(await marked(page)).toBeNull();
});
