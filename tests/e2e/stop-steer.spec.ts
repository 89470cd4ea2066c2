import {
	composer,
	connectionStatus,
	startsWith,
	expect,
	lastArticle,
	pairViaLink,
	replyTo,
	sendButton,
	sendMessage,
	test,
	userMessage
} from './fixtures';
import type { Page } from '@playwright/test';
import { reveal } from './log-walk';

test('Stop ends a slow turn with what was streamed', async ({ page, gateway }) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, '/demo slow');
	const answer = lastArticle(page, 'assistant');
	await expect(answer).toContainText('word3');
	const stop = page.getByRole('button', { name: 'Stop', exact: true });
	await stop.click();
	await gateway.waitForLine(/^\[gateway\] agent\.stop in default$/);
	await expect(answer).toHaveAttribute('data-status', 'complete');
	await expect(stop).toBeHidden();
	await expect(answer).not.toContainText('Done.');
	const stopped = await answer.textContent();
	// Nothing more arrives after the stop.
	await expect(page.getByText('Hermes is', { exact: false })).toHaveCount(0);
	expect(await answer.textContent()).toBe(stopped);
	// "Stopped" is said, and goes away when the next turn starts.
	const note = page.getByRole('status').filter({ hasText: /^Stopped$/ });
	await expect(note).toBeVisible();
	await sendMessage(page, 'carry on');
	await expect(replyTo(page, 'carry on')).toBeAttached();
	await expect(note).toHaveCount(0);
});

test('Steer weaves the text into the running answer; a message sent while busy is queued', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, '/demo slow');
	const answer = lastArticle(page, 'assistant');
	await expect(answer).toContainText('word2');

	// Text typed, then Steer: that text goes into the running answer at once.
	const steer = page.getByRole('button', { name: 'Steer', exact: true });
	await composer(page).fill('mention bananas');
	// On a desktop-wide composer, Stop stays beside Send while something is typed.
	await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
	await expect(sendButton(page)).toBeEnabled();
	await steer.click();
	await expect(composer(page)).toHaveValue('');
	await gateway.waitForLine(/^\[gateway\] agent\.steer "mention bananas" in default$/);
	await expect(answer).toContainText('Steered: mention bananas');
	await expect(answer).toContainText('Steering: mention bananas');

	// Steer with nothing typed is a mode: the next send goes into the running answer, once.
	await expect(steer).toHaveAttribute('aria-pressed', 'false');
	await steer.click();
	await expect(steer).toHaveAttribute('aria-pressed', 'true');
	await expect(composer(page)).toHaveAttribute('placeholder', /^Steer/);
	await composer(page).fill('and kiwis');
	await composer(page).press('Enter');
	await expect(composer(page)).toHaveValue('');
	await expect(steer).toHaveAttribute('aria-pressed', 'false');
	await gateway.waitForLine(/^\[gateway\] agent\.steer "and kiwis" in default$/);
	await expect(answer).toContainText('Steered: and kiwis');

	// Sent (not steered) while busy: shown as queued until the running turn ends.
	await sendMessage(page, 'after this one');
	const queued = userMessage(page, 'after this one');
	await expect(queued).toContainText('Queued');
	await page.getByRole('button', { name: 'Stop', exact: true }).click();
	await expect(answer).toHaveAttribute('data-status', 'complete');
	// Its own turn came after: the demo reply quoting it.
	await expect(lastArticle(page, 'assistant')).toContainText('after this one');
	// That reply may have pushed the message out of the virtualized list: scroll back to it.
	await reveal(page, queued);
	await expect(queued).not.toContainText('Queued');
});

test('After a reload, a steering note stays with the answer it steered', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const stop = page.getByRole('button', { name: 'Stop', exact: true });
	await sendMessage(page, '/demo slow');
	const steered = lastArticle(page, 'assistant');
	await expect(steered).toContainText('word2');
	await composer(page).fill('STEER-ONE');
	await page.getByRole('button', { name: 'Steer', exact: true }).click();
	await expect(steered).toContainText('Steering: STEER-ONE');
	const steeredId = await steered.getAttribute('data-message-id');
	await stop.click();
	await expect(steered).toHaveAttribute('data-status', 'complete');
	await sendMessage(page, '/demo slow');
	await expect(lastArticle(page, 'assistant')).toContainText('word2');
	await stop.click();
	await expect(stop).toBeHidden();
	await sendMessage(page, 'plain hello');
	const plain = replyTo(page, 'plain hello');
	await expect(plain).toHaveAttribute('data-status', 'complete');
	await expect(plain).not.toContainText('Steering');

	await page.reload();
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await expect(plain).toHaveAttribute('data-status', 'complete');
	await expect(plain).not.toContainText('Steering');
	// The note is stored once, on the answer it steered (which may sit above the rendered rows).
	await expect.poll(() => commentaryOwners(page, 'Steering: STEER-ONE')).toEqual([steeredId]);
});

/** The `message_id`s of the stored commentary parts with `text` (raw IndexedDB, store `parts`). */
async function commentaryOwners(page: Page, text: string): Promise<string[]> {
	return page.evaluate(
		(text) =>
			new Promise<string[]>((resolve, reject) => {
				const open = indexedDB.open('iris');
				open.onerror = () => reject(new Error(String(open.error)));
				open.onsuccess = () => {
					const db = open.result;
					const request = db.transaction('parts', 'readonly').objectStore('parts').getAll();
					request.onsuccess = () => {
						db.close();
						const rows = request.result as { kind: string; text?: string; message_id: string }[];
						resolve(
							rows
								.filter((r) => r.kind === 'commentary' && r.text === text)
								.map((r) => r.message_id)
						);
					};
					request.onerror = () => reject(new Error(String(request.error)));
				};
			}),
		text
	);
}
