import type { Page } from '@playwright/test';
import { composer, expect, pairViaLink, sendButton, test, userMessage } from './fixtures';
import { reveal } from './log-walk';
import { imageLoaded, sha256, storedMedia, testFiles, type TestFile } from './media-support';

const tray = (page: Page) => page.getByRole('list', { name: 'Attachments' });

/** Dispatch `type` (`paste` on the composer, `drop` on its form) carrying `file`. */
async function deliver(page: Page, type: 'paste' | 'drop', file: TestFile): Promise<void> {
	await composer(page).evaluate(
		(field, { type, name, mimeType, bytes }) => {
			const data = new DataTransfer();
			data.items.add(new File([new Uint8Array(bytes)], name, { type: mimeType }));
			const event =
				type === 'paste'
					? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
					: new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
			field.dispatchEvent(event);
		},
		{ type, name: file.name, mimeType: file.mimeType, bytes: [...file.buffer] }
	);
}

test('a pasted image and a dropped file are attached and sent; the image opens full size', async ({
	page,
	gateway
}) => {
	const { png, pdf } = testFiles();
	await pairViaLink(page, gateway);
	await deliver(page, 'paste', png);
	await deliver(page, 'drop', pdf);
	await expect(tray(page).getByRole('listitem').filter({ hasText: png.name })).toContainText(
		'Uploaded'
	);
	await expect(tray(page).getByRole('listitem').filter({ hasText: pdf.name })).toContainText(
		'Uploaded'
	);
	const stored = await storedMedia(gateway);
	expect(stored.map((s) => s.sha256).sort()).toEqual(
		[sha256(png.buffer), sha256(pdf.buffer)].sort()
	);

	await composer(page).fill('Pasted and dropped');
	await sendButton(page).click();
	const article = userMessage(page, 'Pasted and dropped');
	await expect(article).toHaveAttribute('data-status', 'complete');
	await article.getByRole('button', { name: `View ${png.name} full size` }).click();
	const viewer = page.getByRole('dialog', { name: png.name });
	await expect(viewer).toBeVisible();
	await expect.poll(() => imageLoaded(viewer.getByRole('img', { name: png.name }))).toBe(true);
	await viewer.getByRole('button', { name: 'Close' }).click();
	await expect(viewer).toBeHidden();
});

test('attachments not sent yet come back after a reload, and go out with the message', async ({
	page,
	gateway
}) => {
	const { png } = testFiles();
	await pairViaLink(page, gateway);
	await composer(page).fill('After the reload');
	await deliver(page, 'paste', png);
	await expect(tray(page).getByRole('listitem').filter({ hasText: png.name })).toContainText(
		'Uploaded'
	);
	await page.reload();
	await expect(tray(page).getByRole('listitem').filter({ hasText: png.name })).toContainText(
		'Uploaded'
	);
	await expect(composer(page)).toHaveValue('After the reload');
	await sendButton(page).click();
	const article = userMessage(page, 'After the reload');
	await expect(article).toHaveAttribute('data-status', 'complete');
	await expect(article.getByRole('img', { name: png.name })).toBeVisible();
	await expect(tray(page)).toHaveCount(0);
	// Sent: a second reload does not bring it back.
	await page.reload();
	await reveal(page, userMessage(page, 'After the reload'));
	await expect(userMessage(page, 'After the reload')).toBeVisible();
	await expect(tray(page)).toHaveCount(0);
	expect(await storedMedia(gateway)).toHaveLength(1);
});

test('a video (recorded from a canvas in the page) is sent and shows as a player', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	// A real WebM made by the browser itself: a canvas stream through MediaRecorder, dropped in.
	await composer(page).evaluate(async (field) => {
		const canvas = document.createElement('canvas');
		canvas.width = canvas.height = 64;
		const ctx = canvas.getContext('2d')!;
		const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm' });
		const chunks: Blob[] = [];
		recorder.ondataavailable = (e) => chunks.push(e.data);
		const stopped = new Promise((resolve) => (recorder.onstop = resolve));
		recorder.start();
		for (let i = 0; i < 5; i++) {
			ctx.fillStyle = `hsl(${i * 60} 80% 50%)`;
			ctx.fillRect(0, 0, 64, 64);
			await new Promise((resolve) => requestAnimationFrame(resolve));
		}
		recorder.stop();
		await stopped;
		const data = new DataTransfer();
		data.items.add(new File(chunks, 'clip.webm', { type: 'video/webm' }));
		field.dispatchEvent(
			new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true })
		);
	});
	await expect(tray(page).getByRole('listitem').filter({ hasText: 'clip.webm' })).toContainText(
		'Uploaded'
	);
	await composer(page).fill('A clip');
	await sendButton(page).click();
	const article = userMessage(page, 'A clip');
	await expect(article).toHaveAttribute('data-status', 'complete');
	await expect(article.locator('video')).toHaveAttribute('src', /^blob:/);
	const [stored] = await storedMedia(gateway);
	expect(stored).toMatchObject({ kind: 'video', mime: 'video/webm', filename: 'clip.webm' });
});
