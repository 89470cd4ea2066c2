/**
 * One-click downloads: the Download button of a file in a message fetches its bytes when they are
 * not on this device (with a progress bar) and saves them; once they are here it saves at once. A
 * failed fetch says why, and Retry fetches and saves. (Iris only: the gateway's test hooks offer
 * the file and fail a pull; media-pull.spec.ts covers both dialects.)
 */
import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { makePdf } from '../../gateway/media/samples';
import { expect, messageLog, pairViaLink, test } from './fixtures';
import {
	failNextPull,
	offerMedia,
	progressSeen,
	recordProgress,
	storedBlobIds
} from './media-support';

/** A 300 KiB PDF-looking file: several binary frames, so the progress bar has steps. */
function notes(): Buffer {
	const pdf = makePdf('Meeting notes');
	const filler = Buffer.alloc(300 * 1024);
	for (let i = 0; i < filler.length; i++) filler[i] = (i * 31 + 7) & 0xff;
	return Buffer.concat([pdf, filler]);
}

/** The bytes of a saved file. */
async function savedBytes(file: Download): Promise<Buffer> {
	return readFile((await file.path())!);
}

test('one click on Download fetches the file and saves its exact bytes; the next click saves at once', async ({
	page,
	gateway
}) => {
	const bytes = notes();
	await pairViaLink(page, gateway);
	await offerMedia(gateway, {
		kind: 'document',
		mime: 'application/pdf',
		filename: 'notes.pdf',
		body: bytes
	});
	const card = messageLog(page).locator('article', { hasText: 'notes.pdf' });
	const button = card.getByRole('button', { name: 'Download notes.pdf', exact: true });
	await expect(button).toBeVisible();
	// Documents are fetched on demand only.
	expect(await storedBlobIds(page)).toEqual([]);

	await recordProgress(page);
	const first = page.waitForEvent('download');
	await button.click();
	const file = await first;
	expect(file.suggestedFilename()).toBe('notes.pdf');
	expect((await savedBytes(file)).equals(bytes)).toBe(true);
	expect((await progressSeen(page, 'Downloading notes.pdf')).length).toBeGreaterThan(0);
	await expect(card.getByRole('progressbar')).toHaveCount(0);
	expect(await storedBlobIds(page)).toHaveLength(1);

	// Kept on this device: saved again without asking the gateway.
	const second = page.waitForEvent('download');
	await button.click();
	expect((await savedBytes(await second)).equals(bytes)).toBe(true);
	await expect.poll(() => gateway.output.filter((l) => l.includes('media pulled'))).toHaveLength(1);
});

test('a failed fetch says why, and Retry fetches and saves the file', async ({ page, gateway }) => {
	const bytes = notes();
	await pairViaLink(page, gateway);
	await offerMedia(gateway, {
		kind: 'document',
		mime: 'application/pdf',
		filename: 'notes.pdf',
		body: bytes
	});
	const card = messageLog(page).locator('article', { hasText: 'notes.pdf' });
	await failNextPull(gateway);
	let saved = 0;
	page.on('download', () => saved++);
	await card.getByRole('button', { name: 'Download notes.pdf', exact: true }).click();

	await expect(card.getByRole('alert')).toHaveText(
		'"notes.pdf" failed: the gateway could not send it'
	);
	const retry = card.getByRole('button', { name: 'Retry downloading notes.pdf', exact: true });
	await expect(retry).toHaveText('Retry');
	expect(saved).toBe(0);

	const download = page.waitForEvent('download');
	await retry.click();
	expect((await savedBytes(await download)).equals(bytes)).toBe(true);
	await expect(card.getByRole('alert')).toHaveCount(0);
	await expect(card.getByRole('button', { name: 'Download notes.pdf', exact: true })).toBeEnabled();
	expect(saved).toBe(1);
});
