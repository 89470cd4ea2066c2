import type { Locator, Page } from '@playwright/test';
import { channelLink, expect, pairViaLink, replyTo, sendMessage, test } from './fixtures';
import { attachFiles, testFiles } from './media-support';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Channels', exact: true });

async function createChannel(page: Page, name: string): Promise<void> {
	await page.getByRole('button', { name: 'New channel', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: 'New channel', exact: true });
	await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
	await dialog.getByRole('button', { name: 'Create', exact: true }).click();
	await expect(dialog).toBeHidden();
}

/** Whether the first character of `el`'s text is drawn left of its last one (left-to-right). */
async function drawnLeftToRight(el: Locator): Promise<boolean> {
	return el.evaluate((node) => {
		const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
		const text = walker.nextNode() as Text;
		const rect = (i: number) => {
			const r = document.createRange();
			r.setStart(text, i);
			r.setEnd(text, i + 1);
			return r.getBoundingClientRect();
		};
		return rect(0).left < rect(text.length - 1).left;
	});
}

test('look-alike and reversed channel names show their hidden characters', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await createChannel(page, 'General\u200B');
	await createChannel(page, 'invoice\u202Efdp.exe');

	// Two channels that would both read "General": the second one shows what makes it different.
	await expect(channelLink(page, 'General')).toBeVisible();
	const lookalike = channelLink(page, 'General⟨U+200B⟩');
	await expect(lookalike).toBeVisible();
	await expect(lookalike).toHaveAttribute('title', 'General⟨U+200B⟩');
	// The override is shown, not obeyed.
	const reversed = channelLink(page, 'invoice⟨U+202E⟩fdp.exe');
	await expect(reversed).toBeVisible();
	await reversed.click();
	await expect(page.getByRole('heading', { name: 'invoice⟨U+202E⟩fdp.exe' })).toBeVisible();
	// Each name is isolated: nothing in it can reorder the text around it.
	await expect(nav(page).locator('bdi')).not.toHaveCount(0);
});

test('a file name shows its hidden characters and is saved without them', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const pdf = { ...testFiles().pdf, name: 'invoice\u202Efdp.txt' };
	await attachFiles(page, [pdf]);
	const tray = page.getByRole('list', { name: 'Attachments' });
	await expect(tray).toContainText('invoice⟨U+202E⟩fdp.txt');
	await expect(tray.getByRole('button', { name: 'Remove invoice⟨U+202E⟩fdp.txt' })).toBeVisible();
	await expect(tray.getByRole('listitem')).toContainText('Uploaded');
	await sendMessage(page, 'the invoice');

	const card = page.getByRole('log', { name: 'Messages' }).locator('article', {
		hasText: 'invoice⟨U+202E⟩fdp.txt'
	});
	const save = card.getByRole('button', { name: 'Download invoice⟨U+202E⟩fdp.txt' });
	await expect(save).toBeVisible();
	const download = page.waitForEvent('download');
	await save.click();
	expect((await download).suggestedFilename()).toBe('invoicefdp.txt');
});

test('an unclosed override in a message does not reverse the link after it', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	// The demo agent quotes this markdown in its answer.
	await sendMessage(page, 'Pay \u202E now [pay link](https://example.com/pay) then');
	const reply = replyTo(page, 'Pay');
	await expect(reply).toHaveAttribute('data-status', 'complete');
	const link = reply.getByRole('link', { name: 'pay link' });
	await expect(link).toHaveAttribute('dir', 'auto');
	// Drawn as written: "p" left of "k" (reversed, "knil yap", it would be the other way round).
	expect(await drawnLeftToRight(link)).toBe(true);
});
