import { readFile } from 'node:fs/promises';
import { makePdf } from '../../gateway/media/samples';
import { expect, messageLog, pairViaLink, sendMessage, test } from './fixtures';
import { imageLoaded, progressSeen, recordProgress } from './media-support';

test('/demo media: the image and voice note are pulled at once, the document on demand', async ({
	page,
	gateway,
	dialect
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, '/demo media');

	// Iris sends one message with the image and the voice note (gateway/demo/media.ts); v3 one
	// message per file (gateway/v3/agent.ts), each after the text stream ended.
	const assistant = messageLog(page).locator('article[data-role="assistant"]');
	const img = assistant.getByRole('img', { name: 'gradient.png' });
	await expect(img).toBeVisible();
	await expect.poll(() => imageLoaded(img)).toBe(true);
	await expect(assistant.locator('audio')).toHaveAttribute('src', /^blob:/);
	if (dialect === 'iris') {
		await expect(
			assistant.filter({ hasText: 'Here are an image and a voice note' }).getByRole('img')
		).toHaveCount(1);
	}

	// The offered document is a card: name, size, type, and a download on demand.
	const offer = messageLog(page).locator('article', { hasText: 'report.pdf' });
	await expect(offer).toContainText('application/pdf');
	if (dialect === 'v3') {
		// Shown in arrival order although v3 times have whole seconds: the text, then the files.
		const texts = await assistant.allTextContents();
		const intro = texts.findIndex((t) => t.includes('the files follow'));
		expect(intro).toBeGreaterThanOrEqual(0);
		expect(texts.findIndex((t) => t.includes('report.pdf'))).toBeGreaterThan(intro);
	}
	if (dialect === 'iris') {
		// The gateway's log arrives on its own pipe: poll it.
		await expect
			.poll(() => gateway.output.filter((l) => l.includes('media pulled')))
			.toHaveLength(2);
	}
	await recordProgress(page);
	// One click fetches the file and saves it: the saved bytes are the gateway's.
	const download = page.waitForEvent('download');
	await offer.getByRole('button', { name: 'Download report.pdf' }).click();
	const file = await download;
	expect(file.suggestedFilename()).toBe('report.pdf');
	expect(await readFile((await file.path())!)).toEqual(makePdf('Iris demo report'));
	// The on-demand download showed its progress bar while it ran.
	expect((await progressSeen(page, 'Downloading report.pdf')).length).toBeGreaterThan(0);
});
