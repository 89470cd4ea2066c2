import { demoReply } from '../../gateway/demo-agent';
import {
	composer,
	expect,
	messageLog,
	pairViaLink,
	readMessageRow,
	readMessageRows,
	replyTo,
	test,
	userMessage
} from './fixtures';

const TEXT = 'Hello Iris 42';

type StreamLengths = Record<string, number[]>;

test('a message is shown at once and its reply streams, renders and is stored', async ({
	page,
	gateway,
	dialect
}) => {
	// Record every text length an assistant article shows before it is complete. A
	// MutationObserver sees each DOM change, however short-lived.
	await page.addInitScript(() => {
		const lengths: StreamLengths = {};
		(window as unknown as { __streamLengths: StreamLengths }).__streamLengths = lengths;
		const record = () => {
			const articles = document.querySelectorAll<HTMLElement>(
				'[role="log"] article[data-role="assistant"]'
			);
			for (const article of articles) {
				const id = article.dataset.messageId;
				if (!id || article.dataset.status === 'complete') continue;
				const seen = (lengths[id] ??= []);
				const length = (article.textContent ?? '').length;
				if (seen.at(-1) !== length) seen.push(length);
			}
		};
		new MutationObserver(record).observe(document, {
			subtree: true,
			childList: true,
			characterData: true,
			attributes: true,
			attributeFilter: ['data-status', 'data-message-id']
		});
	});
	await pairViaLink(page, gateway);
	// The conversation opened: Iris's default channel, or the first local v3 session (a UUID).
	await expect(page).toHaveURL(/\/chat\/[^/]+$/);
	const chatId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
	expect(chatId).toMatch(dialect === 'iris' ? /^default$/ : /^[0-9a-f-]{36}$/);

	await composer(page).fill(TEXT);
	await composer(page).press('Enter');

	// Shown from the local outbox, not after a round trip through the agent.
	const user = userMessage(page, TEXT);
	await expect(user).toBeVisible({ timeout: 3_000 });
	await expect(composer(page)).toHaveValue('');

	const reply = replyTo(page, TEXT);
	await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
	const replyId = (await reply.getAttribute('data-message-id')) ?? '';
	expect(replyId).not.toBe('');

	// It streamed: the text grew through several lengths before it was complete.
	const lengths = await page.evaluate(
		(id) => (window as unknown as { __streamLengths: StreamLengths }).__streamLengths[id] ?? [],
		replyId
	);
	expect(new Set(lengths).size, `lengths seen while streaming: ${lengths}`).toBeGreaterThanOrEqual(
		3
	);
	const finalLength = await reply.evaluate((el) => (el.textContent ?? '').length);
	expect(Math.min(...lengths)).toBeLessThan(finalLength);

	// The final markdown is rendered as HTML.
	await expect(reply.locator('h2')).toBeVisible();
	await expect(reply.locator('li').first()).toBeVisible();
	await expect(reply.locator('pre code')).toBeVisible();
	await expect(reply.locator('table')).toBeVisible();
	const link = reply.getByRole('link', { name: 'Hermes docs' });
	await expect(link).toHaveAttribute('href', 'https://example.com/hermes');
	await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
	await expect(link).toHaveAttribute('rel', /\bnoreferrer\b/);
	await expect(reply.locator('blockquote')).toContainText(TEXT);

	// The store holds the final text exactly (written at message.stop at the latest).
	await expect
		.poll(() => readMessageRow(page, replyId))
		.toMatchObject({
			message_id: replyId,
			chat_id: chatId,
			role: 'assistant',
			text: demoReply(TEXT),
			status: 'complete'
		});

	// The user's message was acked: its row took the server message_id, and no local copy remains.
	// (The list is virtualized: with the view following the end of a tall reply, the message above
	// may be out of the rendered range. Scroll back up to it, as a reader would.)
	await messageLog(page).hover();
	await page.mouse.wheel(0, -10_000);
	await expect(user).toHaveAttribute('data-message-id', /^(?!local:)./);
	const userId = (await user.getAttribute('data-message-id')) ?? '';
	await expect
		.poll(() => readMessageRow(page, userId))
		.toMatchObject({ message_id: userId, chat_id: chatId, role: 'user', text: TEXT });
	const userRows = (await readMessageRows(page)).filter(
		(row) => row.role === 'user' && row.text === TEXT
	);
	expect(userRows.map((row) => row.message_id)).toEqual([userId]);
	await expect(messageLog(page).locator('article[data-role="user"]')).toHaveCount(1);
});

test('Shift+Enter inserts a newline; Enter sends both lines', async ({ page, gateway }) => {
	await pairViaLink(page, gateway);
	const box = composer(page);

	await box.click();
	await box.pressSequentially('first line');
	await box.press('Shift+Enter');
	await box.pressSequentially('second line');

	// Had Shift+Enter sent, the composer would have been cleared before "second line".
	await expect(box).toHaveValue('first line\nsecond line');
	await expect(messageLog(page).locator('article[data-role="user"]')).toHaveCount(0);

	await box.press('Enter');

	const sent = messageLog(page).locator('article[data-role="user"]');
	await expect(sent).toHaveCount(1);
	await expect(sent).toContainText('first line');
	await expect(sent).toContainText('second line');
	await expect(box).toHaveValue('');
	await expect
		.poll(async () => (await readMessageRows(page)).filter((row) => row.role === 'user'))
		.toMatchObject([{ text: 'first line\nsecond line' }]);
});
