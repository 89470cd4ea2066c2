import { expect, messageLog, pairViaLink, sendMessage, test } from './fixtures';
import type { Page } from '@playwright/test';

const article = (page: Page, text: string) =>
	messageLog(page).locator('article', { hasText: new RegExp(`^\\s*${text}\\b`) });

/** Scrolls the message list to its top; returns where `text`'s article then is (px from the viewport top). */
async function scrollToTopAndMeasure(page: Page, text: string): Promise<number> {
	return messageLog(page).evaluate((log, text) => {
		const scroller = log.parentElement!;
		scroller.scrollTop = 0;
		scroller.dispatchEvent(new Event('scroll'));
		const target = [...log.querySelectorAll('article')].find((a) =>
			(a.textContent ?? '').trim().startsWith(text)
		);
		return target!.getBoundingClientRect().top;
	}, text);
}

test('scrolling up loads older pages, keeps its place, and stops at the beginning', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	// 120 old messages exist only on the gateway.
	await sendMessage(page, '/demo history 120');
	// Opening the channel earlier learned it had nothing older; they were seeded since: reopen.
	await expect(messageLog(page).getByText('Beginning of the conversation')).toBeVisible();
	await page.reload();
	// The list is short, so the newest older page (71…120) loads at once.
	await expect(article(page, 'Old message 120 of 120')).toBeVisible();
	await expect(article(page, 'Old message 71 of 120')).toHaveCount(1);
	await expect(article(page, 'Old message 70 of 120')).toHaveCount(0);

	// Scroll up: the page 21…70 is prepended and the view stays on the same message.
	const before = await scrollToTopAndMeasure(page, 'Old message 71 of 120');
	await expect(article(page, 'Old message 21 of 120')).toHaveCount(1);
	const after = await article(page, 'Old message 71 of 120').evaluate(
		(el) => el.getBoundingClientRect().top
	);
	expect(Math.abs(after - before)).toBeLessThan(2);

	// Again: the last 20, then the beginning is reached.
	await scrollToTopAndMeasure(page, 'Old message 21 of 120');
	await expect(article(page, 'Old message 1 of 120')).toHaveCount(1);
	await expect(messageLog(page).getByText('Beginning of the conversation')).toBeVisible();

	// The first request is the empty channel's at pairing; then one page per scroll-up.
	const requests = gateway.received().filter((f) => f.type === 'history');
	expect(requests.map((f) => f.payload.limit)).toEqual([50, 50, 50, 50]);
	expect(requests.map((f) => f.chat_id)).toEqual(['default', 'default', 'default', 'default']);
	expect(requests.slice(1).every((f) => f.payload.before_message_id)).toBe(true);
	const answers = gateway.sent().filter((f) => f.type === 'history');
	expect(answers.map((f) => (f.type === 'history' ? f.payload.has_more : null))).toEqual([
		false,
		true,
		true,
		false
	]);
	await expect(messageLog(page).locator('article')).toHaveCount(121);
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
