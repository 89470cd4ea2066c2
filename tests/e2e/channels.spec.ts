import {
	channelLink,
	composer,
	expect,
	messageLog,
	pairViaLink,
	sendMessage,
	test,
	channelAction
} from './fixtures';
import { hook } from './faults';
import { rowInView } from './row-in-view';
import type { Page } from '@playwright/test';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Channels', exact: true });

/** Fills the open name dialog (`title`) and presses its `action` button. */
async function nameDialog(page: Page, title: string, name: string, action: string) {
	const dialog = page.getByRole('dialog', { name: title, exact: true });
	await expect(dialog).toBeVisible();
	await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
	await dialog.getByRole('button', { name: action, exact: true }).click();
	await expect(dialog).toBeHidden();
}

test('create a channel and a thread, rename, make default and delete them', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await expect(channelLink(page, 'General')).toHaveAttribute('aria-current', 'page');

	// Create: the new channel opens.
	await page.getByRole('button', { name: 'New channel', exact: true }).click();
	await nameDialog(page, 'New channel', 'Work', 'Create');
	await expect(channelLink(page, 'Work')).toHaveAttribute('aria-current', 'page');
	const created = gateway.received().find((f) => f.type === 'channel.create');
	expect(created?.payload).toEqual({ name: 'Work', kind: 'channel' });

	// A thread under it, shown right below its parent in the sidebar, and opened.
	await channelAction(page, 'New thread');
	await nameDialog(page, 'New thread', 'Sub topic', 'Create');
	await expect(channelLink(page, 'Sub topic')).toHaveAttribute('aria-current', 'page');
	const items = nav(page).getByRole('listitem');
	await expect(items).toHaveText(['General', 'Work', 'Sub topic']);
	await expect(items.nth(2)).toHaveClass(/thread/);
	const workId = await items.nth(1).getAttribute('data-chat-id');
	expect(
		gateway.received().find((f) => f.type === 'channel.create' && f.payload.kind === 'thread')
			?.payload
	).toEqual({
		name: 'Sub topic',
		kind: 'thread',
		parent_chat_id: workId
	});

	// Rename the parent with the keyboard only: the dialog opens focused on the name.
	await channelLink(page, 'Work').click();
	// The header must be Work's before its Rename is focused (the thread's header has one too).
	await expect(channelLink(page, 'Work')).toHaveAttribute('aria-current', 'page');
	await expect(page.getByRole('heading', { name: 'Work', exact: true })).toBeVisible();
	await page.getByRole('button', { name: 'Channel actions', exact: true }).focus();
	await page.keyboard.press('Enter');
	const menu = page.getByRole('menu', { name: 'Channel actions' });
	await expect(menu.getByRole('menuitem', { name: 'New thread' })).toBeFocused();
	await page.keyboard.press('ArrowDown');
	await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
	await page.keyboard.press('Enter');
	const rename = page.getByRole('dialog', { name: 'Rename channel', exact: true });
	await expect(rename.getByRole('textbox', { name: 'Name' })).toBeFocused();
	await expect(rename.getByRole('textbox', { name: 'Name' })).toHaveValue('Work');
	await page.keyboard.press('Control+A');
	await page.keyboard.type('Projects');
	await page.keyboard.press('Enter');
	await expect(channelLink(page, 'Projects')).toHaveAttribute('aria-current', 'page');
	await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
	expect(
		gateway.received().find((f) => f.type === 'channel.rename' && f.chat_id === workId)?.payload
	).toEqual({ name: 'Projects' });

	// Make it the default.
	await channelAction(page, 'Make default');
	await expect(page.getByText('Default', { exact: true })).toBeVisible();
	expect(
		gateway.received().some((f) => f.type === 'channel.set_default' && f.chat_id === workId)
	).toBe(true);
	await channelLink(page, 'General').click();
	await channelAction(page, 'Make default');
	await expect(page.getByText('Default', { exact: true })).toBeVisible();

	// Delete asks first; Cancel keeps it.
	await channelLink(page, 'Projects').click();
	await channelAction(page, 'Delete');
	const confirm = page.getByRole('dialog', { name: /^Delete channel “Projects”/ });
	await expect(confirm).toBeVisible();
	await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
	// The question is the dialog's heading; Delete is filled in the danger colour (light theme).
	await expect(confirm.getByRole('heading', { name: /^Delete channel “Projects”/ })).toBeVisible();
	await expect(confirm.getByRole('button', { name: 'Delete', exact: true })).toHaveCSS(
		'background-color',
		'rgb(194, 47, 58)'
	);
	await confirm.getByRole('button', { name: 'Cancel' }).click();
	await expect(channelLink(page, 'Projects')).toBeVisible();
	expect(gateway.received().some((f) => f.type === 'channel.delete')).toBe(false);

	await channelAction(page, 'Delete');
	await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
	// The channel and its thread are gone; the app is back on the default channel.
	await expect(channelLink(page, 'Projects')).toHaveCount(0);
	await expect(channelLink(page, 'Sub topic')).toHaveCount(0);
	await expect(channelLink(page, 'General')).toHaveAttribute('aria-current', 'page');
	expect(gateway.received().find((f) => f.type === 'channel.delete')?.chat_id).toBe(workId);
});

test('messages in a thread stay in the thread', async ({ page, gateway }) => {
	await pairViaLink(page, gateway);
	await channelAction(page, 'New thread');
	await nameDialog(page, 'New thread', 'Side', 'Create');
	await expect(channelLink(page, 'Side')).toHaveAttribute('aria-current', 'page');
	await composer(page).fill('only in the thread');
	await composer(page).press('Enter');
	await expect(messageLog(page).locator('article[data-role="assistant"]')).toHaveAttribute(
		'data-status',
		'complete'
	);
	await channelLink(page, 'General').click();
	await expect(messageLog(page)).not.toContainText('only in the thread');
});

test("the open channel's highlight keeps its width while Hermes answers there", async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const row = nav(page).locator('li', { has: page.locator('a[aria-current="page"]') });
	/** The widths of what paints the row's highlight (the row, or only its link). */
	const highlight = () =>
		row.evaluate((li) =>
			[li, li.querySelector('a')!]
				.filter((el) => getComputedStyle(el).backgroundColor !== 'rgba(0, 0, 0, 0)')
				.map((el) => Math.round(el.getBoundingClientRect().width))
		);
	const idle = await highlight();
	expect(idle).toHaveLength(1);
	await hook(gateway, 'hold', { after: 3 });
	await sendMessage(page, 'hello');
	// The busy ring shows in the row (its text is for screen readers), inside the highlight.
	await expect(row.getByText('Hermes is answering here')).toBeAttached();
	expect(await highlight()).toEqual(idle);
	await hook(gateway, 'release');
	await expect(row.getByText('Hermes is answering here')).toHaveCount(0);
});

test("the open channel's row is scrolled into view in a long list, also in the phone's drawer", async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const general = await nav(page)
		.locator('li', { has: page.getByRole('link', { name: 'General', exact: true }) })
		.getAttribute('data-chat-id');
	const channels = [
		{ chat_id: general, name: 'General', kind: 'default', is_default: true },
		...Array.from({ length: 40 }, (_, i) => ({
			chat_id: `more-${i}`,
			name: `More channel ${i}`,
			kind: 'channel'
		}))
	];
	await hook(
		gateway,
		'inject',
		{},
		JSON.stringify({ v: 1, type: 'channel.list', payload: { channels } })
	);
	const last = channelLink(page, 'More channel 39');
	await expect(last).toBeAttached();
	const rowShown = () => rowInView(nav(page).locator('a[aria-current="page"]'));
	// Opened from elsewhere (a link, a notification): its row was far below the fold.
	await page.goto(`${gateway.httpUrl}/chat/more-39`);
	await expect(page.getByRole('heading', { name: 'More channel 39', exact: true })).toBeVisible();
	await expect(nav(page).locator('a[aria-current="page"]')).toHaveText('More channel 39');
	await expect.poll(rowShown).toBe(true);

	// On a phone the list is in a drawer, laid out only when it opens.
	await page.setViewportSize({ width: 390, height: 844 });
	await page.goto(`${gateway.httpUrl}/chat/more-38`);
	await expect(page.getByRole('heading', { name: 'More channel 38', exact: true })).toBeVisible();
	await page.getByRole('button', { name: 'Channels', exact: true }).click();
	await expect(nav(page).locator('a[aria-current="page"]')).toHaveText('More channel 38');
	await expect.poll(rowShown).toBe(true);
});
