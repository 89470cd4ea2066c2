import { expect, messageLog, pairViaLink, sendMessage, test } from './fixtures';
import type { Page } from '@playwright/test';
import { readRecording } from './frames';
import { readFromTopToBottom, settled, wheel } from './log-walk';

// The message list is virtualized: only the rows near the view are in the DOM. These tests ask
// what a reader can reach by scrolling (and what the gateway was asked for), never how many
// articles happen to be rendered.

/** The id of the topmost message article the reader can see. */
const firstInView = (page: Page): Promise<string> =>
	messageLog(page).evaluate((log) => {
		const top = log.getBoundingClientRect().top;
		const rows = [...log.querySelectorAll<HTMLElement>('article[data-message-id]')];
		const row = rows.find((a) => a.getBoundingClientRect().bottom > top + 1);
		if (!row) throw new Error('no message in view');
		return row.dataset.messageId!;
	});

const article = (page: Page, text: string) =>
	messageLog(page).locator('article', { hasText: new RegExp(`^\\s*${text}\\b`) });

test('scrolling up and "Load older messages" page in history, in order, keeping the place', async ({
	page,
	gateway
}) => {
	const total = 170;
	await pairViaLink(page, gateway);
	// Old messages that exist only on the gateway.
	await sendMessage(page, `/demo history ${total}`);
	// Opening the channel earlier learned it had nothing older; they were seeded since: reopen.
	await expect(messageLog(page).getByText('Beginning of the conversation')).toBeVisible();
	const recording = () => readRecording(gateway.recordFile ?? '');
	const reopenedAt = recording().length;
	await page.reload();
	// The answers to paging requests (those with `before_message_id`) since the reload, in the
	// order the gateway saw the frames: an answer belongs to the last request sent before it with
	// its id (request ids start again with each connection). Newest pages (no `before`: the gap
	// fill after every `sync.done`) are idempotent and not counted.
	interface PagingAnswer {
		before: string;
		hasMore: boolean;
		oldest: string | undefined;
	}
	const pages = (): PagingAnswer[] => {
		const asked = new Map<number, string | undefined>();
		const answers: PagingAnswer[] = [];
		for (const { dir, text } of recording().slice(reopenedAt)) {
			const f = JSON.parse(text) as {
				type: string;
				id?: number;
				payload?: { before_message_id?: string; has_more?: boolean; oldest_message_id?: string };
			};
			if (f.type !== 'history' || f.id === undefined) continue;
			if (dir === 'in') asked.set(f.id, f.payload?.before_message_id);
			else if (asked.has(f.id)) {
				const before = asked.get(f.id);
				if (before)
					answers.push({
						before,
						hasMore: Boolean(f.payload?.has_more),
						oldest: f.payload?.oldest_message_id
					});
				asked.delete(f.id);
			}
		}
		return answers;
	};
	const byId = (id: string) => messageLog(page).locator(`article[data-message-id="${id}"]`);

	await expect(article(page, `Old message ${total} of ${total}`)).toBeVisible();
	// While the list is short a page may load at once, before the reader scrolls (how many
	// depends on when the newest page lands); from here each step below asks for one more page.
	await settled(page);
	let seen = pages().length;
	// Scrolling to the top loads the previous page and prepends it above the oldest message
	// loaded so far: the view stays on that message, it does not jump to the new top.
	const oldestBefore = pages().at(-1)?.before ?? null;
	await wheel(page, -1_000_000);
	await expect.poll(() => pages().length).toBe(seen + 1);
	seen += 1;
	await settled(page);
	const wheeled = pages().at(-1)!;
	expect(wheeled.hasMore).toBe(true);
	if (oldestBefore) expect(wheeled.before).not.toBe(oldestBefore);
	await expect(byId(wheeled.before)).toBeInViewport();
	await expect(byId(wheeled.oldest!)).not.toBeInViewport();

	// The button fetches the pages before that, one per press; what the reader looks at stays.
	// (Dispatched, not clicked: a click scrolls the button into view, where reaching the top
	// would load the page too.)
	while (pages().at(-1)?.hasMore) {
		const inView = await firstInView(page);
		await messageLog(page)
			.getByRole('button', { name: 'Load older messages' })
			.dispatchEvent('click');
		await expect.poll(() => pages().length).toBe(seen + 1);
		seen += 1;
		await settled(page);
		await expect(byId(inView)).toBeInViewport();
	}
	await expect(messageLog(page).getByText('Beginning of the conversation')).toBeAttached();

	// Each page was asked for once, before the oldest message of the page before it.
	const asked = pages();
	expect(asked.length).toBeGreaterThanOrEqual(2);
	expect(new Set(asked.map((p) => p.before)).size).toBe(asked.length);
	for (let i = 1; i < asked.length; i += 1) expect(asked[i]!.before).toBe(asked[i - 1]!.oldest);
	const paging = gateway
		.received()
		.flatMap((f) => (f.type === 'history' && f.payload.before_message_id ? [f] : []));
	expect(paging.every((f) => f.chat_id === 'default' && f.payload.limit === 50)).toBe(true);

	// Everything is reachable, oldest → newest, each message once.
	const expected = [
		...Array.from({ length: total }, (_, i) => `Old message ${i + 1} of ${total}`),
		`/demo history ${total}`
	];
	expect(await readFromTopToBottom(page)).toEqual(expected);

	// A search jump to a loaded message that is far out of view (not rendered) brings it in.
	await page.keyboard.press('Control+K');
	const box = page.getByRole('searchbox', { name: 'Search messages', exact: true });
	await box.fill(`message 2 of ${total}`);
	await box.press('Enter');
	const hit = page
		.getByRole('list', { name: 'Search results' })
		.getByRole('button')
		.filter({ hasText: `Old message 2 of ${total}` });
	const hitId = await hit.getAttribute('data-message-id');
	await hit.click();
	const target = messageLog(page).locator(`article[data-message-id="${hitId}"]`);
	await expect(target).toHaveAttribute('data-highlighted', 'true');
	await expect(target).toBeInViewport();
	await expect(target).toBeFocused();
	// It was loaded already: no further pages were asked for.
	expect(pages()).toHaveLength(asked.length);
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

test('Tab from the log does not jump to "Load older messages" at the top of the history', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, '/demo history 170');
	await expect(messageLog(page).getByText('Beginning of the conversation')).toBeVisible();
	// Reopened: the newest page only, with older pages on the gateway.
	await page.reload();
	const newest = article(page, '/demo history 170');
	await expect(newest).toBeInViewport();
	await settled(page);
	const older = messageLog(page).getByRole('button', { name: 'Load older messages' });
	await expect(older).toBeAttached();
	await expect(older).not.toBeInViewport();

	await messageLog(page).focus();
	await page.keyboard.press('Tab');
	// The next stop is a control the reader sees (the list also renders rows out of view), and
	// the view stays at the newest messages.
	await expect(older).not.toBeFocused();
	const focused = page.locator(':focus');
	await expect(focused).toBeInViewport({ ratio: 1 });
	await expect(messageLog(page)).not.toBeFocused();
	await settled(page);
	await expect(newest).toBeInViewport();

	// Out of view the button is not a Tab stop either: Shift+Tab pressed faster than the list
	// renders the rows above would otherwise reach it and jump to the top of the history.
	await expect(older).toHaveAttribute('tabindex', '-1');
});

test('Tab after a click on a message goes to that message’s controls, not the first in view', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, '/demo history 12');
	await expect(messageLog(page).getByText('Beginning of the conversation')).toBeVisible();
	await page.reload();
	const clicked = article(page, 'Old message 11 of 12');
	await expect(clicked).toBeInViewport({ ratio: 1 });
	await expect(article(page, 'Old message 10 of 12')).toBeInViewport({ ratio: 1 });
	await settled(page);

	// A click on its text leaves the focus on the log (the text is not a control).
	await clicked.locator('p').click();
	await expect(messageLog(page)).toBeFocused();
	await page.keyboard.press('Tab');
	await expect(clicked.getByRole('button', { name: 'Copy message', exact: true })).toBeFocused();
});
