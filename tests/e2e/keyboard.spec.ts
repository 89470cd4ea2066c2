import type { Locator, Page } from '@playwright/test';
import {
	channelLink,
	composer,
	connectionStatus,
	expect,
	lastArticle,
	messageLog,
	pairViaLink,
	replyTo,
	sendMessage,
	startsWith,
	test
} from './fixtures';
import { settled } from './log-walk';

/** Press Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, key = 'Tab', max = 60): Promise<void> {
	const handle = await target.elementHandle();
	for (let i = 0; i < max; i += 1) {
		if (await page.evaluate((el) => document.activeElement === el, handle)) return;
		await page.keyboard.press(key);
	}
	throw new Error(`[e2e] ${String(target)} never got the focus`);
}

test('keyboard only: send, open reasoning, answer a picker, stop, switch channel', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await tabTo(page, composer(page));

	// Send.
	await page.keyboard.type('/demo reasoning');
	await page.keyboard.press('Enter');
	const answer = lastArticle(page, 'assistant');
	await expect(answer).toHaveAttribute('data-status', 'complete');

	// Open the reasoning: Shift+Tab back from the composer to its summary, Enter.
	const summary = answer.locator('summary', { hasText: /^Reasoning/ });
	await tabTo(page, summary, 'Shift+Tab');
	await page.keyboard.press('Enter');
	await expect(answer.locator('details')).toHaveAttribute('open');

	// Answer a picker: the question takes the focus; Escape goes back to the composer and the
	// question stays; Shift+Tab returns to it.
	await tabTo(page, composer(page));
	await page.keyboard.type('/demo approval');
	await page.keyboard.press('Enter');
	const dialog = page.getByRole('dialog', { name: 'Approval required' });
	const once = dialog.getByRole('button', { name: 'Allow once' });
	await expect(dialog).toBeFocused();
	await page.keyboard.press('Tab');
	await expect(once).toBeFocused();
	await page.keyboard.press('Escape');
	await expect(composer(page)).toBeFocused();
	await expect(dialog).toBeVisible();
	await tabTo(page, once, 'Shift+Tab');
	await page.keyboard.press('Enter');
	await expect(dialog).toBeHidden();
	await expect(lastArticle(page, 'assistant')).toContainText('you chose: Allow once');
	await expect(lastArticle(page, 'assistant')).toHaveAttribute('data-status', 'complete');

	// Stop a slow turn.
	await tabTo(page, composer(page));
	await page.keyboard.type('/demo slow');
	await page.keyboard.press('Enter');
	const slow = lastArticle(page, 'assistant');
	await expect(slow).toContainText('word2');
	const stop = page.getByRole('button', { name: 'Stop', exact: true });
	await tabTo(page, stop);
	await page.keyboard.press('Enter');
	await expect(slow).toHaveAttribute('data-status', 'complete');
	await expect(slow).not.toContainText('Done.');
	// Stop goes away with the turn: the focus moves on to the microphone, not to <body>.
	await expect(page.getByRole('button', { name: 'Record voice note', exact: true })).toBeFocused();

	// Switch channel: a new channel appears in the list; Tab to its link, Enter opens it.
	await tabTo(page, composer(page));
	await page.keyboard.type('/demo channel Keyboard room');
	await page.keyboard.press('Enter');
	const room = channelLink(page, 'Keyboard room');
	await expect(room).toBeVisible();
	await tabTo(page, room, 'Shift+Tab', 120);
	await page.keyboard.press('Enter');
	await expect(room).toHaveAttribute('aria-current', 'page');
	await expect(channelLink(page, 'General')).not.toHaveAttribute('aria-current', 'page');
	await tabTo(page, composer(page));
	await page.keyboard.type('hello from the keyboard room');
	await page.keyboard.press('Enter');
	await expect(lastArticle(page, 'user')).toContainText('hello from the keyboard room');
});

test('the log scrolls by keyboard and keeps the focus when a focused row is unmounted', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	for (const text of ['first of three', 'second of three', 'third of three']) {
		await sendMessage(page, text);
		await expect(replyTo(page, text)).toHaveAttribute('data-status', 'complete');
	}
	const log = messageLog(page);
	const fromEnd = () => log.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);

	// Shift+Tab from the composer reaches the last reply's link; Home scrolls the log to its top,
	// which unmounts that reply: the focus stays in the log, so End still scrolls it.
	const link = replyTo(page, 'third of three').getByRole('link', { name: 'Hermes docs' });
	await tabTo(page, composer(page));
	await tabTo(page, link, 'Shift+Tab');
	await page.keyboard.press('Home');
	await expect.poll(() => log.evaluate((el) => el.scrollTop)).toBe(0);
	await expect(link).toHaveCount(0);
	await expect(log).toBeFocused();
	await page.keyboard.press('End');
	// End is the log's own (message-keys.ts), not the browser's: the browser's aims at the end it
	// knows when pressed, and rows measured on the way could leave the reader short of it (1,648 px
	// once, under load). The log's End stays at the end while they are.
	await expect.poll(fromEnd).toBeLessThanOrEqual(1);
	await settled(page);

	// The log itself is in the Tab order (a scrollable region), and its keys scroll it.
	await tabTo(page, log, 'Shift+Tab', 120);
	await page.keyboard.press('PageUp');
	await expect.poll(fromEnd).toBeGreaterThan(100);
});

test('the keyboard moves between messages: Enter on the log, ↑/↓, Home/End, Enter into the actions, Escape back', async ({
	page,
	gateway
}) => {
	const total = 40;
	await pairViaLink(page, gateway);
	await sendMessage(page, `/demo history ${total}`);
	await expect(messageLog(page).getByText('Beginning of the conversation')).toBeVisible();
	// The seeded messages are served by history pages: reopen to load them.
	await page.reload();
	const log = messageLog(page);
	await expect(log.getByText(`Old message ${total} of ${total}`)).toBeVisible();
	await settled(page);
	const focused = page.locator('article:focus');
	const expectOn = async (text: string) => {
		await expect(focused).toHaveCount(1);
		await expect(focused).toContainText(text);
		await expect(focused).toBeInViewport();
	};

	// Shift+Tab walks back through the messages' buttons (scrolling up) to the log: End takes
	// it back down (the log's own End, which stays at the end while rows are measured), then
	// Enter goes to the last message shown.
	await tabTo(page, log, 'Shift+Tab', 120);
	await page.keyboard.press('End');
	await expect
		.poll(() => log.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop))
		.toBeLessThanOrEqual(1);
	await settled(page);
	await page.keyboard.press('Enter');
	await expectOn(`/demo history ${total}`);
	await page.keyboard.press('ArrowUp');
	await expectOn(`Old message ${total} of ${total}`);
	// The first loaded message is far above (not rendered): it is scrolled to, then focused.
	await page.keyboard.press('Home');
	await expectOn(`Old message 1 of ${total}`);
	await page.keyboard.press('ArrowDown');
	await expectOn(`Old message 2 of ${total}`);
	await page.keyboard.press('End');
	await expectOn(`/demo history ${total}`);

	// Enter goes into the message's actions, Escape back to the message.
	await page.keyboard.press('Enter');
	await expect(
		lastArticle(page, 'user').getByRole('button', { name: 'Copy message', exact: true })
	).toBeFocused();
	await page.keyboard.press('Escape');
	await expectOn(`/demo history ${total}`);
});

test('keyboard only, no pointer at all: pair, send, approve, switch channel, search and jump, Settings', async ({
	page,
	gateway
}) => {
	// Any pointer press anywhere in the page during the flow would be counted.
	await page.addInitScript(() => {
		const w = window as Window & { __pointerPresses?: number };
		w.__pointerPresses = 0;
		for (const type of ['pointerdown', 'mousedown', 'touchstart'])
			window.addEventListener(type, () => (w.__pointerPresses! += 1), true);
	});
	await page.goto(gateway.httpUrl);

	// Pair: the form's fields by Tab, the address replaced, Enter submits.
	const url = page.getByRole('textbox', { name: 'Gateway URL', exact: true });
	await tabTo(page, url);
	await page.keyboard.press('ControlOrMeta+A');
	await page.keyboard.type(gateway.wsUrl);
	await page.keyboard.press('Tab');
	await expect(page.getByRole('textbox', { name: 'Token', exact: true })).toBeFocused();
	await page.keyboard.type(gateway.token);
	await page.keyboard.press('Enter');
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));

	// Send: the message box has the focus once the chat is open.
	await expect(composer(page)).toBeFocused();
	await page.keyboard.type('a zebra crossing, typed');
	await page.keyboard.press('Enter');
	await expect(lastArticle(page, 'assistant')).toHaveAttribute('data-status', 'complete');

	// Approve: the question takes the focus; Tab to the first choice, Enter.
	await page.keyboard.type('/demo approval');
	await page.keyboard.press('Enter');
	const dialog = page.getByRole('dialog', { name: 'Approval required' });
	await expect(dialog).toBeFocused();
	await page.keyboard.press('Tab');
	await expect(dialog.getByRole('button', { name: 'Allow once' })).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(dialog).toBeHidden();
	await expect(lastArticle(page, 'assistant')).toContainText('you chose: Allow once');

	// Switch channel: the agent makes one; Alt+↓ opens it, Alt+↑ comes back.
	await tabTo(page, composer(page));
	await page.keyboard.type('/demo channel Keyboard room');
	await page.keyboard.press('Enter');
	const room = channelLink(page, 'Keyboard room');
	await expect(room).toBeVisible();
	await page.keyboard.press('Alt+ArrowDown');
	await expect(room).toHaveAttribute('aria-current', 'page');
	await expect(composer(page)).toBeFocused();
	await page.keyboard.press('Alt+ArrowUp');
	await expect(channelLink(page, 'General')).toHaveAttribute('aria-current', 'page');

	// Search and jump: Ctrl+K, type, ↓ to the first hit, Enter opens it in the log, focused.
	await page.keyboard.press('ControlOrMeta+K');
	const box = page.getByRole('searchbox', { name: 'Search messages', exact: true });
	await expect(box).toBeFocused();
	await page.keyboard.type('zebra crossing');
	await page.keyboard.press('Enter');
	const hit = page
		.getByRole('list', { name: 'Search results' })
		.getByRole('button')
		.filter({ hasText: 'a zebra crossing, typed' })
		.first();
	await expect(hit).toBeVisible();
	await page.keyboard.press('ArrowDown');
	await expect(page.locator(':focus')).toHaveAttribute('data-message-id', /.+/);
	await page.keyboard.press('Enter');
	await expect(page.getByRole('dialog', { name: 'Search' })).toBeHidden();
	const jumped = messageLog(page).locator('article[data-highlighted]');
	await expect(jumped).toContainText('zebra crossing');
	await expect(jumped).toBeFocused();

	// Settings: Shift+Tab back to its link, Enter.
	await tabTo(page, page.getByRole('link', { name: 'Settings', exact: true }), 'Shift+Tab', 120);
	await page.keyboard.press('Enter');
	await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
	await expect(page.getByRole('heading', { name: 'Appearance' })).toBeVisible();

	expect(
		await page.evaluate(() => (window as Window & { __pointerPresses?: number }).__pointerPresses)
	).toBe(0);
});
