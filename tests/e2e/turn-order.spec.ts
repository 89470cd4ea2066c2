/**
 * An answer reads in the order it was written: text the agent wrote before a tool stays above
 * that tool's card, what it wrote after comes below, live and after a reload.
 */
import type { Locator } from '@playwright/test';
import { expect, pairViaLink, replyTo, sendMessage, test } from './fixtures';

/**
 * What the answer shows, top to bottom: its tool cards, and the first words of its paragraphs
 * (the text, and a question it asked, once answered).
 */
function reading(answer: Locator): Promise<string[]> {
	return answer.evaluate((article) =>
		[...article.querySelectorAll('p, [role="group"][aria-label^="Tool: "]')]
			// A card's own paragraphs are the card's.
			.filter((el) => el.getAttribute('role') === 'group' || !el.closest('[role="group"]'))
			.map((el) =>
				el.getAttribute('role') === 'group'
					? el.getAttribute('aria-label')!
					: (el.textContent ?? '').split(' ').slice(0, 3).join(' ')
			)
	);
}

const ORDER = [
	'I will check',
	'Tool: read_file',
	'Approval required rm',
	'Tool: terminal',
	'The build folder'
];

// A phone too: there the page's copy of the text lagged behind the card (the first words were
// cut in two paragraphs).
for (const [width, height] of [
	[1280, 800],
	[390, 844]
] as const) {
	test(`text written before a tool stays above its card, text after it below (${width} px)`, async ({
		page,
		gateway
	}) => {
		await page.setViewportSize({ width, height });
		await pairViaLink(page, gateway);
		await sendMessage(page, '/demo task');
		const answer = replyTo(page, 'I will check the build settings');
		const dialog = page.getByRole('dialog', { name: 'Approval required' });
		await expect(dialog).toBeVisible();
		// While the turn waits for the approval: its first words, then the card of the tool it ran.
		await expect.poll(() => reading(answer)).toEqual(ORDER.slice(0, 2));
		await dialog.getByRole('button', { name: 'Allow once' }).click();
		await expect(answer).toHaveAttribute('data-status', 'complete');
		await expect.poll(() => reading(answer)).toEqual(ORDER);
		await page.reload();
		await expect(replyTo(page, 'The build folder is clean')).toHaveAttribute(
			'data-status',
			'complete'
		);
		await expect.poll(() => reading(replyTo(page, 'The build folder is clean'))).toEqual(ORDER);
	});
}
