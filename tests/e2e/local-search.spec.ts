import type { Page } from '@playwright/test';
import {
	channelLink,
	connectionStatus,
	expect,
	messageLog,
	pairViaLink,
	replyTo,
	sendMessage,
	startsWith,
	test
} from './fixtures';
import { reveal } from './log-walk';

const ENGLISH = 'The quarterly budget review moved to Thursday';
const CHINESE = '我们明天讨论数据库迁移的计划';

const searchbox = (page: Page) =>
	page.getByRole('searchbox', { name: 'Search messages', exact: true });
const results = (page: Page) => page.getByRole('list', { name: 'Search results' });
const hit = (page: Page, text: string) =>
	results(page).getByRole('button').filter({ hasText: text }).first();

async function newChannel(page: Page, name: string) {
	await page.getByRole('button', { name: 'New channel', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: 'New channel', exact: true });
	await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
	await dialog.getByRole('button', { name: 'Create', exact: true }).click();
	await expect(channelLink(page, name)).toHaveAttribute('aria-current', 'page');
}

test('local search finds English and Chinese messages offline, jumps to them, and merges gateway-only hits online', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, ENGLISH);
	await expect(replyTo(page, 'quarterly budget')).toHaveAttribute('data-status', 'complete');
	// Old messages only the gateway has (served by `history`, not stored here).
	await sendMessage(page, '/demo history 120');
	await newChannel(page, '中文');
	await sendMessage(page, CHINESE);
	await expect(replyTo(page, '数据库迁移')).toHaveAttribute('data-status', 'complete');
	// The reply is long: the question above it may be outside the rendered (virtualized) rows.
	const question = messageLog(page).locator('article[data-role="user"]', { hasText: CHINESE });
	await reveal(page, question);
	const chineseId = await question.getAttribute('data-message-id');
	await channelLink(page, 'General').click();
	// SvelteKit moves focus when a navigation ends: let it end before opening the dialog.
	await expect(channelLink(page, 'General')).toHaveAttribute('aria-current', 'page');
	await expect(messageLog(page).getByText(ENGLISH).first()).toBeVisible();

	// Online: the local hits, and the gateway's hit for a message not stored here, marked.
	await page.keyboard.press('Control+K');
	await expect(searchbox(page)).toBeFocused();
	await searchbox(page).fill('message 3 of 120');
	await searchbox(page).press('Enter');
	const remote = hit(page, 'Old message 3 of 120');
	await expect(remote).toHaveAttribute('data-source', 'server');
	await expect(remote).toContainText('from the gateway');
	await expect(remote.locator('mark').first()).toHaveText('message');
	await searchbox(page).fill('budget');
	await searchbox(page).press('Enter');
	await expect(hit(page, ENGLISH)).toHaveAttribute('data-source', 'local');
	await page.keyboard.press('Escape');

	// Offline: the gateway is gone.
	await gateway.kill();
	await expect(connectionStatus(page)).toHaveText(
		startsWith('Offline', 'Reconnecting', 'Connecting')
	);
	const searches = gateway.received().filter((f) => f.type === 'search').length;

	await page.keyboard.press('Control+K');
	const box = searchbox(page);
	await box.fill('');
	// As the user types, before the word is complete: a prefix match.
	await box.pressSequentially('quart');
	const english = hit(page, ENGLISH);
	await expect(english.locator('mark').first()).toHaveText('quart');
	await expect(page.getByRole('status', { name: 'Search status' })).toContainText(
		'Offline: results from this device only'
	);
	// Words, in any order: an AND.
	await box.fill('thursday BUDGET ');
	await box.press('Enter');
	await expect(english).toBeVisible();
	await expect(english.locator('mark')).toHaveText(['budget', 'Thursday']);
	await box.fill('budget giraffe');
	await box.press('Enter');
	await expect(page.getByRole('status', { name: 'Search status' })).toContainText('0 results');
	// Said in words where the results would be.
	await expect(page.getByText('No messages match “budget giraffe”.')).toBeVisible();

	// A Chinese term, grouped under its channel; reached with the keyboard.
	await box.fill('数据库');
	await box.press('Enter');
	const group = results(page).getByRole('list', { name: 'In 中文' });
	// The user's message (the agent's echo of it is a hit too).
	const chinese = group.locator(`button[data-message-id="${chineseId}"]`);
	await expect(chinese.locator('mark').first()).toHaveText('数据库');
	await box.press('ArrowDown');
	await expect(group.getByRole('button').first()).toBeFocused();
	await chinese.focus();
	await page.keyboard.press('Enter');
	await expect(page.getByRole('dialog', { name: 'Search' })).toBeHidden();

	await expect(channelLink(page, '中文')).toHaveAttribute('aria-current', 'page');
	const target = messageLog(page).locator(`article[data-message-id="${chineseId}"]`);
	await expect(target).toHaveAttribute('data-highlighted', 'true');
	await expect(target).toBeInViewport();
	// Nothing went to the gateway while it was down.
	expect(gateway.received().filter((f) => f.type === 'search').length).toBe(searches);
});
