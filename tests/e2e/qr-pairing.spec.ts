import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { connectionStatus, expect, pairViaLink, startsWith, test } from './fixtures';

/** Settings › Pair another device: the dialog's QR code as a PNG, and the link it encodes. */
async function pairingCode(page: Page): Promise<{ png: Buffer; link: string }> {
	await page.getByRole('link', { name: 'Settings' }).click();
	await page.getByRole('button', { name: 'Pair another device', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: 'Pair another device' });
	await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
	const png = await dialog.getByRole('img', { name: 'QR code of the pairing link' }).screenshot();
	await dialog.getByRole('button', { name: 'Copy link', exact: true }).click();
	await expect(dialog.getByRole('status')).toHaveText('Pairing link copied');
	const link = await page.evaluate(() => navigator.clipboard.readText());
	await dialog.getByRole('button', { name: 'Close' }).click();
	await expect(
		page.getByRole('button', { name: 'Pair another device', exact: true })
	).toBeFocused();
	return { png, link };
}

test('a paired device shows its pairing link as a QR code; a photo of it pairs a new profile', async ({
	page,
	context,
	browser,
	gateway
}) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	await pairViaLink(page, gateway);
	const { png, link } = await pairingCode(page);
	// The token travels in the fragment only (never sent to a server).
	const url = new URL(link);
	expect(url.pathname).toBe('/pair');
	expect(url.search).toBe('');
	expect(new URLSearchParams(url.hash.slice(1)).get('token')).toBe(gateway.token);

	const fresh = await browser.newContext();
	try {
		const other = await fresh.newPage();
		await other.goto(gateway.httpUrl);
		const chooser = other.waitForEvent('filechooser');
		await other.getByRole('button', { name: 'Scan a photo', exact: true }).click();
		await (await chooser).setFiles({ name: 'code.png', mimeType: 'image/png', buffer: png });
		await expect(connectionStatus(other)).toHaveText(startsWith('Connected'));
		// The secret left the address bar with the pairing page.
		expect(other.url()).not.toContain(gateway.token);

		// Any other QR code is refused, and says so.
		await other.getByRole('link', { name: 'Settings' }).click();
		await other.getByRole('button', { name: 'Forget this device' }).click();
		await other.getByRole('dialog').getByRole('button', { name: 'Forget', exact: true }).click();
		const elsewhere = await QRCode.toBuffer('https://example.com/pair#url=nope', { scale: 8 });
		const chooser2 = other.waitForEvent('filechooser');
		await other.getByRole('button', { name: 'Scan a photo', exact: true }).click();
		await (await chooser2).setFiles({ name: 'x.png', mimeType: 'image/png', buffer: elsewhere });
		await expect(other.getByRole('alert')).toHaveText('This QR code is not an Iris pairing link.');
	} finally {
		await fresh.close();
	}
});

/**
 * A Y4M video (what Chromium's fake camera plays) of one still frame: the QR code of `text`,
 * black modules on white, 6 px per module with a 4-module quiet zone; 4:2:0, grey chroma.
 */
function qrVideo(text: string): Buffer {
	const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
	const scale = 6;
	const side = (modules.size + 8) * scale;
	const size = side + (side % 2);
	const luma = Buffer.alloc(size * size, 255);
	for (let y = 0; y < modules.size; y++) {
		for (let x = 0; x < modules.size; x++) {
			if (!modules.get(y, x)) continue;
			for (let dy = 0; dy < scale; dy++) {
				const row = ((y + 4) * scale + dy) * size;
				luma.fill(0, row + (x + 4) * scale, row + (x + 5) * scale);
			}
		}
	}
	const chroma = Buffer.alloc((size / 2) * (size / 2) * 2, 128);
	const header = Buffer.from(`YUV4MPEG2 W${size} H${size} F30:1 Ip A1:1 C420jpeg\nFRAME\n`);
	return Buffer.concat([header, luma, chroma]);
}

test('the pairing screen pairs from the camera', async ({ gateway }, testInfo) => {
	const dir = await mkdtemp(path.join(tmpdir(), 'iris-qr-camera-'));
	const video = path.join(dir, 'code.y4m');
	await writeFile(video, qrVideo(gateway.pairingLink));
	const launch = testInfo.project.use.launchOptions ?? {};
	const browser = await chromium.launch({
		...launch,
		args: [
			...(launch.args ?? []),
			'--use-fake-device-for-media-stream',
			'--use-fake-ui-for-media-stream',
			`--use-file-for-fake-video-capture=${video}`
		]
	});
	try {
		const context = await browser.newContext();
		await context.grantPermissions(['camera'], { origin: gateway.httpUrl });
		const page = await context.newPage();
		await page.goto(gateway.httpUrl);
		await page.getByRole('button', { name: 'Scan with camera', exact: true }).click();
		await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
		// The camera is off once the code is read.
		await expect(page.getByRole('button', { name: 'Stop the camera' })).toHaveCount(0);
	} finally {
		await browser.close();
		await rm(dir, { recursive: true, force: true });
	}
});
