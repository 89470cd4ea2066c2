import {
	composer,
	expect,
	messageLog,
	pairViaLink,
	readMessageRows,
	sendButton,
	test,
	userMessage
} from './fixtures';
import { attachFiles, testFiles } from './media-support';

// Tall enough that the picture stays in view with the demo agent's reply below it: a click that
// has to scroll up to the picture first is the reader leaving the end (nothing to catch up with).
test.use({ viewport: { width: 1280, height: 1600 } });

test('an image viewer stays open while a long answer streams in below its message', async ({
	page,
	gateway,
	browser
}) => {
	const { png } = testFiles();
	await pairViaLink(page, gateway);
	await attachFiles(page, [png]);
	await composer(page).fill('a picture');
	await sendButton(page).click();
	const article = userMessage(page, 'a picture');
	await expect(article).toHaveAttribute('data-status', 'complete');
	// Opened once the demo agent's reply is complete and the list rests at the end: clicked while
	// the reply streams, following moves the button under the pointer.
	const reply = messageLog(page).locator('article[data-role="assistant"]', {
		hasText: 'a picture'
	});
	await expect(reply).toHaveAttribute('data-status', 'complete');
	await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeHidden();
	await article.getByRole('button', { name: `View ${png.name} full size` }).click();
	const viewer = page.getByRole('dialog', { name: png.name });
	await expect(viewer).toBeVisible();

	// Another device asks for a long answer (8,000 characters, several screens): the list must not
	// follow it while the viewer is open, or the picture's row would leave the rendered range and
	// take the viewer with it.
	const other = await browser.newPage();
	try {
		await pairViaLink(other, gateway);
		// Not `sendMessage`: its check that the question shows can lose the race with the answer
		// that pushes it out of the rendered range at once.
		await composer(other).fill('/demo bench-stream 200 50 8000');
		await sendButton(other).click();
		await expect(
			messageLog(other).locator('article[data-role="assistant"]', { hasText: 'Section 0' })
		).toHaveAttribute('data-status', 'complete');
		// This page has it all too (its row may be out of the rendered range: ask the store).
		await expect
			.poll(async () =>
				(await readMessageRows(page)).some(
					(m) => m.role === 'assistant' && m.text.length === 8000 && m.status === 'complete'
				)
			)
			.toBe(true);
		await expect(viewer).toBeVisible();
	} finally {
		await other.close();
	}

	// Closed, the list catches up with the end of the answer.
	await viewer.getByRole('button', { name: 'Close' }).click();
	await expect(viewer).toBeHidden();
	await expect
		.poll(() =>
			messageLog(page).evaluate((log) => log.scrollHeight - log.scrollTop - log.clientHeight)
		)
		.toBeLessThan(2);
});
