import { makePdf } from '../../gateway/media/samples';
import { expect, messageLog, pairViaLink, sendMessage, test } from './fixtures';
import { imageLoaded, progressSeen, recordProgress } from './media-support';

test('/demo media: the image and voice note are pulled at once, the document on demand', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, '/demo media');

	const message = messageLog(page).locator('article[data-role="assistant"]', {
		hasText: 'Here are an image and a voice note' // gateway/demo/media.ts
	});
	const img = message.getByRole('img', { name: 'gradient.png' });
	await expect(img).toBeVisible();
	await expect.poll(() => imageLoaded(img)).toBe(true);
	await expect(message.locator('audio')).toHaveAttribute('src', /^blob:/);

	// The offered document is a card: name, size, type, and a download on demand.
	const offer = messageLog(page).locator('article', { hasText: 'report.pdf' });
	await expect(offer).toContainText('application/pdf');
	// The gateway's log arrives on its own pipe: poll it.
	await expect.poll(() => gateway.output.filter((l) => l.includes('media pulled'))).toHaveLength(2);
	await recordProgress(page);
	await offer.getByRole('button', { name: 'Download report.pdf' }).click();
	const save = offer.getByRole('link', { name: 'Save report.pdf' });
	await expect(save).toBeVisible();
	const size = await save.evaluate(
		async (a) => (await (await fetch((a as HTMLAnchorElement).href)).blob()).size
	);
	expect(size).toBe(makePdf('Iris demo report').length);
	// The on-demand download showed its progress bar while it ran.
	expect((await progressSeen(page, 'Downloading report.pdf')).length).toBeGreaterThan(0);
});
