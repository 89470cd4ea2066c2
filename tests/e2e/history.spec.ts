import { expect, messageLog, pairViaLink, sendMessage, test } from './fixtures';
import type { Page } from '@playwright/test';
import { readRecording } from './frames';
import { readFromTopToBottom, settled, wheel } from './log-walk';

// The message list is virtualized: only the rows near the view are in the DOM. These tests ask
// what a reader can reach by scrolling (and what the gateway was asked for), never how many
// articles happen to be rendered.

const article = (page: Page, text: string) =>
	messageLog(page).locator('article', { hasText: new RegExp(`^\\s*${text}\\b`) });

test('scrolling up and "Load older messages" page in history, in order, keeping the place', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	// 120 old messages exist only on the gateway.
	await sendMessage(page, '/demo history 120');
	// Opening the channel earlier learned it had nothing older; they were seeded since: reopen.
	await expect(messageLog(page).getByText('Beginning of the conversation')).toBeVisible();
	// Only what the reopened page asks and is answered counts.
	const recording = () => readRecording(gateway.recordFile ?? '');
	const reopenedAt = recording().length;
	const reopenedAtReceived = gateway.received().length;
	await page.reload();
	// Paging requests carry `before_message_id`; the others are newest pages (the empty channel's
	// at pairing, the gap fill after every `sync.done`), idempotent and not counted here.
	const pagingRequests = () =>
		gateway
			.received()
			.slice(reopenedAtReceived)
			.flatMap((f) => (f.type === 'history' && f.payload.before_message_id ? [f] : []));
	// The answers to the paging requests, in order: walked in the order the gateway saw the
	// frames, an answer belongs to the last request sent before it with its id (request ids start
	// again with each connection, and a reconnect under load must not pair an answer with an
	// older request of the same id).
	const historyAnswers = () => {
		const asked = new Map<number, boolean>();
		const answers: boolean[] = [];
		for (const { dir, text } of recording().slice(reopenedAt)) {
			const f = JSON.parse(text) as {
				type: string;
				id?: number;
				payload?: { before_message_id?: string; has_more?: boolean };
			};
			if (f.type !== 'history' || f.id === undefined) continue;
			if (dir === 'in') asked.set(f.id, Boolean(f.payload?.before_message_id));
			else if (asked.has(f.id)) {
				if (asked.get(f.id)) answers.push(Boolean(f.payload?.has_more));
				asked.delete(f.id);
			}
		}
		return answers;
	};

	// The list is short, so the newest older page (71…120) loads at once, below the view's end.
	await expect(article(page, 'Old message 120 of 120')).toBeVisible();
	await expect.poll(historyAnswers).toEqual([true]);

	// Scrolling to the top reaches the oldest loaded message, and the previous page (21…70) is
	// prepended above it: the view stays on message 71, it does not jump to the new top.
	await wheel(page, -1_000_000);
	await expect.poll(historyAnswers).toEqual([true, true]);
	await settled(page);
	await expect(article(page, 'Old message 71 of 120')).toBeInViewport();
	await expect(article(page, 'Old message 21 of 120')).not.toBeInViewport();

	// The button fetches the page before that (1…20), the last one. (Dispatched, not clicked:
	// a click scrolls the button into view, where reaching the top would load the page too.)
	await messageLog(page)
		.getByRole('button', { name: 'Load older messages' })
		.dispatchEvent('click');
	await expect.poll(historyAnswers).toEqual([true, true, false]);
	await expect(messageLog(page).getByText('Beginning of the conversation')).toBeAttached();
	await settled(page);
	await expect(article(page, 'Old message 71 of 120')).toBeInViewport();

	// Everything is reachable, oldest → newest, each message once.
	const expected = [
		...Array.from({ length: 120 }, (_, i) => `Old message ${i + 1} of 120`),
		'/demo history 120'
	];
	expect(await readFromTopToBottom(page)).toEqual(expected);
	await expect(messageLog(page).getByText('Beginning of the conversation')).toBeAttached();

	// One request per page, each before the oldest message loaded then.
	const requests = pagingRequests();
	expect(requests.every((f) => f.chat_id === 'default' && f.payload.limit === 50)).toBe(true);
	expect(requests).toHaveLength(3);
	expect(new Set(requests.map((f) => f.payload.before_message_id)).size).toBe(3);

	// A search jump to a loaded message that is far out of view (not rendered) brings it in.
	await page.keyboard.press('Control+K');
	const box = page.getByRole('searchbox', { name: 'Search messages', exact: true });
	await box.fill('message 2 of 120');
	await box.press('Enter');
	const hit = page
		.getByRole('list', { name: 'Search results' })
		.getByRole('button')
		.filter({ hasText: 'Old message 2 of 120' });
	const hitId = await hit.getAttribute('data-message-id');
	await hit.click();
	const target = messageLog(page).locator(`article[data-message-id="${hitId}"]`);
	await expect(target).toHaveAttribute('data-highlighted', 'true');
	await expect(target).toBeInViewport();
	await expect(target).toBeFocused();
	// It was loaded already: no further pages were asked for.
	expect(pagingRequests()).toHaveLength(3);
});

test('a channel with no local messages loads its newest page when opened', async ({
	page,
	gateway,
	browser
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, 'written on the first device');
	await expect(messageLog(page).locator('article[data-role="assistant"]')).toHaveAttribute(
		'data-status',
		'complete'
	);

	// A new device: the replay log has it too, so clear the cursor's effect by asking history only.
	const other = await browser.newPage();
	try {
		await pairViaLink(other, gateway);
		await expect(
			messageLog(other).locator('article', { hasText: 'written on the first device' })
		).toHaveCount(2);
		const history = gateway.received().filter((f) => f.type === 'history');
		expect(history.length).toBeGreaterThanOrEqual(1);
		expect(history[0]?.payload.before_message_id).toBeUndefined();
	} finally {
		await other.close();
	}
});
