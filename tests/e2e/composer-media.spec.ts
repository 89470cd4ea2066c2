import type { Page } from '@playwright/test';
import config from '../../playwright.config';
import { composer, expect, lastArticle, messageLog, pairViaLink, test } from './fixtures';
import { attachFiles, imageLoaded, storedMedia, testFiles } from './media-support';

// A fake microphone (Chromium's test device, a beeping tone) that needs no permission prompt.
const launch = config.use?.launchOptions ?? {};
test.use({
	launchOptions: {
		...launch,
		args: [
			...(launch.args ?? []),
			'--use-fake-ui-for-media-stream',
			'--use-fake-device-for-media-stream'
		]
	}
});

const tray = (page: Page) => page.getByRole('list', { name: 'Attachments' });
const record = (page: Page) => page.getByRole('button', { name: 'Record voice note', exact: true });
const timer = (page: Page) => page.getByRole('timer', { name: 'Recording duration' });
const sendVoice = (page: Page) =>
	page.getByRole('button', { name: 'Send voice note', exact: true });
const cancelVoice = (page: Page) =>
	page.getByRole('button', { name: 'Cancel recording', exact: true });

/** The `message.send` frames the gateway got. */
function sends(gateway: { received(): { type: string; payload: unknown }[] }) {
	return gateway
		.received()
		.filter((f) => f.type === 'message.send')
		.map((f) => f.payload as { text?: string; media_refs?: string[] });
}

/** Start recording and wait until the elapsed time has moved on from 0:00. */
async function recordASecond(page: Page): Promise<void> {
	await record(page).click();
	await expect(timer(page)).toHaveText('0:00');
	await expect(page.getByRole('status').filter({ hasText: 'Recording' })).toBeVisible();
	await expect.poll(() => timer(page).textContent(), { timeout: 10_000 }).not.toBe('0:00');
}

test('the tray shows an image as its thumbnail, a file as name and size; remove works', async ({
	page,
	gateway
}) => {
	const { png, pdf } = testFiles();
	await pairViaLink(page, gateway);
	await attachFiles(page, [png, pdf]);
	const image = tray(page).getByRole('listitem').filter({ hasText: png.name });
	const file = tray(page).getByRole('listitem').filter({ hasText: pdf.name });
	await expect(image).toContainText('Uploaded');
	await expect(file).toContainText('Uploaded');

	// The image's own pixels, from a local blob: URL.
	const thumb = image.locator('img');
	await expect(thumb).toHaveAttribute('src', /^blob:/);
	await expect.poll(() => imageLoaded(thumb)).toBe(true);
	expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
	// A file: its name and size, an icon and no picture.
	await expect(file).toContainText(`${pdf.buffer.length} B`);
	await expect(file.locator('img')).toHaveCount(0);
	await expect(file.locator('svg')).not.toHaveCount(0);

	// Remove: the card goes, and its object URL is revoked (it no longer loads).
	const src = (await thumb.getAttribute('src'))!;
	await image.getByRole('button', { name: `Remove ${png.name}` }).click();
	await expect(image).toHaveCount(0);
	await expect
		.poll(() =>
			page.evaluate(
				(src) =>
					fetch(src).then(
						() => 'loads',
						() => 'revoked'
					),
				src
			)
		)
		.toBe('revoked');
	await file.getByRole('button', { name: `Remove ${pdf.name}` }).click();
	await expect(tray(page)).toHaveCount(0);
	expect(sends(gateway)).toEqual([]);
});

test.describe('on a phone', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

	test('many attachments stay one row of cards that scrolls sideways', async ({
		page,
		gateway
	}) => {
		const { png, pdf, wav } = testFiles();
		await pairViaLink(page, gateway);
		await attachFiles(page, [png, pdf, wav, { ...pdf, name: 'second.pdf' }]);
		const cards = tray(page).getByRole('listitem');
		await expect(cards).toHaveCount(4);
		const tops = await cards.evaluateAll((els) =>
			els.map((el) => Math.round(el.getBoundingClientRect().top))
		);
		expect(new Set(tops).size).toBe(1);
		const scroll = await tray(page).evaluate((el) => ({
			scrolls: el.scrollWidth > el.clientWidth,
			page: document.documentElement.scrollWidth - document.documentElement.clientWidth
		}));
		expect(scroll).toEqual({ scrolls: true, page: 0 });
		// The field keeps its row under the tray.
		await expect(composer(page)).toBeVisible();
		expect((await composer(page).boundingBox())!.width).toBeGreaterThan(200);
	});
});

test('recording shows the time running; Cancel and Escape send nothing', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await recordASecond(page);
	// The bar replaces the row; the focus is on Send, ready for Enter.
	await expect(composer(page)).toHaveCount(0);
	await expect(sendVoice(page)).toBeFocused();
	// The level meter moves with the (fake, beeping) microphone.
	await expect
		.poll(() =>
			page
				.locator('.meter .bar')
				.evaluateAll((bars) =>
					Math.max(...bars.map((b) => Number((b as HTMLElement).style.getPropertyValue('--level'))))
				)
		)
		.toBeGreaterThan(0.1);
	await cancelVoice(page).click();
	await expect(timer(page)).toHaveCount(0);
	await expect(record(page)).toBeFocused();

	await record(page).click();
	await expect(timer(page)).toBeVisible();
	await page.keyboard.press('Escape');
	await expect(timer(page)).toHaveCount(0);
	await expect(composer(page)).toBeVisible();

	await expect(tray(page)).toHaveCount(0);
	expect(sends(gateway)).toEqual([]);
	expect(await storedMedia(gateway)).toEqual([]);
});

test('Send sends the recording at once: one message with one voice note that shows its length', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await recordASecond(page);
	await sendVoice(page).click();
	await expect(timer(page)).toHaveCount(0);

	const article = messageLog(page).locator('article[data-role="user"]');
	await expect(article).toHaveCount(1);
	await expect(article).toHaveAttribute('data-status', 'complete');
	const audio = article.locator('audio');
	await expect(audio).toHaveCount(1);
	await expect(audio).toHaveAttribute('src', /^blob:/);
	await expect(audio).toHaveAttribute('preload', 'metadata');
	// Its length is known before it is played (a recorded WebM says Infinity until scanned). The
	// timer showed 0:01, but the recorder starts a moment after it: about a second, not exactly.
	await expect
		.poll(() =>
			audio.evaluate((el: HTMLAudioElement) => (Number.isFinite(el.duration) ? el.duration : -1))
		)
		.toBeGreaterThan(0.5);
	expect(await audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBe(0);
	await expect(lastArticle(page, 'assistant')).toContainText('a voice note "voice-note-');

	expect(sends(gateway)).toHaveLength(1);
	expect(sends(gateway)[0]?.media_refs).toHaveLength(1);
	const stored = await storedMedia(gateway);
	expect(stored).toHaveLength(1);
	expect(stored[0]).toMatchObject({ kind: 'voice', mime: 'audio/webm' });
	await expect(tray(page)).toHaveCount(0);
});

for (const [error, reason] of [
	['NotAllowedError', 'Cannot record: microphone access is blocked.'],
	['NotFoundError', 'Cannot record: no microphone was found.']
] as const) {
	test(`a microphone that cannot be had (${error}) says why`, async ({ page, gateway }) => {
		await page.addInitScript((name) => {
			navigator.mediaDevices.getUserMedia = () =>
				Promise.reject(new DOMException('refused by the test', name));
		}, error);
		await pairViaLink(page, gateway);
		await record(page).click();
		await expect(page.getByRole('alert')).toContainText(reason);
		await expect(page.getByRole('alert')).toBeVisible();
		await expect(timer(page)).toHaveCount(0);
		await expect(composer(page)).toBeVisible();
		expect(sends(gateway)).toEqual([]);
	});
}
