/**
 * The interface language: a browser that prefers Chinese gets the whole UI in Simplified Chinese
 * (no English left on the main screens, by text or accessible name), and Settings › Language
 * switches live, without a reload, and is remembered.
 */
import type { Page } from '@playwright/test';
import { expect, sendMessage, test, type Gateway } from './fixtures';

/**
 * Latin words the Chinese UI may show: product and protocol names, units, keys. Words from
 * user or network text (a message, a channel or tool name) are allowed too: they are collected
 * from the elements that hold such text (`dir="auto"`, `bdi`, `code`, `pre`).
 */
const ALLOWED = [
	'Iris',
	'Hermes',
	'Agent',
	'Chat',
	'ntfy',
	'WebSocket',
	'Web',
	'Push',
	'JSON',
	// File formats of Settings › Your history.
	'Markdown',
	'Esc',
	'Ctrl',
	'Enter',
	'token',
	'KB',
	'MB',
	'GB'
];

/**
 * The English words left in the visible UI: texts, then accessible names and hints. `data`: more
 * words that come from the network where no element marks them (file names and types in names).
 */
async function englishLeft(page: Page, data: string[] = []): Promise<string[]> {
	return page.evaluate(
		(allowed) => {
			// Key caps (`<kbd>`: Alt, Shift, Page Up…) name keys as printed on the keyboard.
			const DATA = '[dir="auto"], bdi, code, pre, option[lang], .katex, kbd';
			// URLs (an example address) are not words of the interface.
			// A command or file path the user types stays as it is (as in the catalogue test).
			const words = (text: string) =>
				text
					.replace(/\S+:\/\/\S*/g, '')
					.replace(/npm start|\.iris\/\w+/g, '')
					.match(/[A-Za-z]{2,}/g) ?? [];
			const ok = new Set(allowed);
			for (const el of document.querySelectorAll(DATA))
				for (const word of words(el.textContent ?? '')) ok.add(word);
			const left: string[] = [];
			const report = (where: string, text: string) => {
				const bad = words(text).filter((w) => !ok.has(w));
				if (bad.length) left.push(`${where}: ${text.trim()}`);
			};
			const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
			for (let node = walker.nextNode(); node; node = walker.nextNode()) {
				const parent = node.parentElement;
				if (!parent || parent.closest(DATA) || parent.closest('script, style')) continue;
				if (!parent.checkVisibility()) continue;
				report(`text in <${parent.localName}>`, node.textContent ?? '');
			}
			const NAMES = ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext'];
			for (const el of document.body.querySelectorAll('*')) {
				if (el.closest(DATA) || !el.checkVisibility()) continue;
				for (const name of NAMES) {
					const value = el.getAttribute(name);
					if (value) report(`${name} of <${el.localName}>`, value);
				}
			}
			return left;
		},
		[...ALLOWED, ...data]
	);
}

/** Pair by link and wait for the (Chinese) connection status. */
async function pairInChinese(page: Page, gateway: Gateway): Promise<void> {
	await page.goto(gateway.pairingLink);
	await expect(page.getByRole('status', { name: '连接', exact: true })).toHaveText(/^\s*已连接/);
}

test.describe('a browser that prefers Simplified Chinese', () => {
	test.use({ locale: 'zh-CN' });

	test('every main screen is in Chinese, by text and by accessible name', async ({
		page,
		gateway
	}) => {
		await page.goto(gateway.httpUrl);
		await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
		await expect(page.getByRole('button', { name: '连接', exact: true })).toBeVisible();
		await expect(page.getByRole('textbox', { name: '网关地址', exact: true })).toBeVisible();
		expect(await englishLeft(page), 'pairing form').toEqual([]);

		await pairInChinese(page, gateway);
		const log = page.getByRole('log', { name: '消息', exact: true });
		await page.getByRole('textbox', { name: '消息', exact: true }).fill('Hello 42');
		await page.getByRole('button', { name: '发送', exact: true }).click();
		await expect(log.locator('article[data-role="assistant"][data-status="complete"]')).toHaveCount(
			1
		);
		expect(await englishLeft(page), 'chat').toEqual([]);

		await page.getByRole('textbox', { name: '消息', exact: true }).fill('/demo approval');
		await page.getByRole('button', { name: '发送', exact: true }).click();
		const approval = page.getByRole('dialog', { name: '需要你的批准', exact: true });
		await expect(approval).toBeFocused();
		expect(await englishLeft(page), 'approval').toEqual([]);
		await approval.getByRole('button', { name: '允许一次', exact: true }).click();
		await expect(approval).toBeHidden();

		await page.getByRole('button', { name: '搜索', exact: true }).click();
		await page.getByRole('searchbox', { name: '搜索消息', exact: true }).fill('Hello');
		await expect(page.getByRole('status', { name: '搜索状态', exact: true })).toContainText(
			'条结果'
		);
		expect(await englishLeft(page), 'search').toEqual([]);
		await page.getByRole('button', { name: '关闭', exact: true }).click();

		await page.getByRole('button', { name: '新建频道', exact: true }).click();
		await expect(page.getByRole('dialog', { name: '新建频道', exact: true })).toBeVisible();
		expect(await englishLeft(page), 'new channel').toEqual([]);
		await page.getByRole('button', { name: '取消', exact: true }).click();

		await page.getByRole('link', { name: '设置', exact: true }).click();
		await expect(page.getByRole('heading', { name: '设置', exact: true })).toBeVisible();
		expect(await englishLeft(page), 'settings').toEqual([]);
	});
	test('the parts of a turn, every picker, the shortcut list and the channel menu are in Chinese', async ({
		page,
		gateway
	}) => {
		await pairInChinese(page, gateway);
		const box = page.getByRole('textbox', { name: '消息', exact: true });
		const log = page.getByRole('log', { name: '消息', exact: true });
		const send = async (text: string) => {
			await box.fill(text);
			await page.getByRole('button', { name: '发送', exact: true }).click();
		};
		const lastAnswer = log.locator('article[data-role="assistant"]').last();
		for (const demo of ['/demo tools', '/demo reasoning', '/demo media']) {
			await send(demo);
			await expect(lastAnswer).toHaveAttribute('data-status', 'complete');
		}
		await expect(log.locator('audio')).toHaveCount(1);
		for (const details of await log.locator('details').all())
			await details.evaluate((d) => ((d as HTMLDetailsElement).open = true));
		// The demo's files: their names and types are the sender's, shown as they are (and the
		// byte unit, as Intl writes it for zh-CN).
		const files = ['gradient', 'png', 'voice', 'note', 'wav', 'application', 'pdf'];
		expect(await englishLeft(page, files), 'tools, reasoning, media').toEqual([]);

		for (const [demo, title] of [
			['/demo choice', null],
			['/demo clarify', null],
			['/demo model', '选择模型'],
			['/demo confirm', null]
		] as const) {
			await send(demo);
			const dialog = page
				.getByRole('dialog')
				.filter({ has: page.getByRole('button') })
				.last();
			await expect(dialog).toBeFocused();
			if (title) await expect(dialog).toHaveAccessibleName(title);
			expect(await englishLeft(page, files), demo).toEqual([]);
			await dialog.getByRole('button').first().click();
			await expect(dialog).toBeHidden();
			await expect(lastAnswer).toHaveAttribute('data-status', 'complete');
		}

		await box.press('Control+/');
		const shortcuts = page.getByRole('dialog', { name: '键盘快捷键', exact: true });
		await expect(shortcuts).toBeVisible();
		expect(await englishLeft(page, files), 'keyboard shortcuts').toEqual([]);
		await page.keyboard.press('Escape');
		await expect(shortcuts).toBeHidden();

		await page.getByRole('button', { name: '频道操作', exact: true }).click();
		await expect(page.getByRole('menu')).toBeVisible();
		expect(await englishLeft(page, files), 'channel menu').toEqual([]);
	});
});

test('Settings › Language switches live, is remembered, and English names stay', async ({
	page,
	gateway
}) => {
	await page.goto(gateway.pairingLink);
	await expect(page.getByRole('status', { name: 'Connection', exact: true })).toHaveText(
		/^\s*Connected/
	);
	await expect(page.locator('html')).toHaveAttribute('lang', 'en');
	await page.getByRole('link', { name: 'Settings', exact: true }).click();
	await expect(page.getByRole('heading', { name: 'Language', exact: true })).toBeVisible();
	const language = page.getByRole('combobox', { name: 'Language', exact: true });
	await expect(language.getByRole('option')).toHaveText(['English', '中文（简体）']);

	// A reload would drop this mark: the switch must not reload.
	await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
	await language.selectOption({ label: '中文（简体）' });
	await expect(page.getByRole('heading', { name: '设置', exact: true })).toBeVisible();
	await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
	await expect(page.getByRole('status', { name: '连接', exact: true })).toHaveText(/^\s*已连接/);
	expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);

	await page.reload();
	await expect(page.getByRole('heading', { name: '设置', exact: true })).toBeVisible();
	await expect(page.getByRole('combobox', { name: '语言', exact: true })).toHaveValue('zh-CN');

	await page
		.getByRole('combobox', { name: '语言', exact: true })
		.selectOption({ label: 'English' });
	await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
	await expect(page.locator('html')).toHaveAttribute('lang', 'en');
	await page.goto(gateway.httpUrl);
	await sendMessage(page, 'back in English');
	await expect(page.getByRole('log', { name: 'Messages', exact: true })).toBeVisible();
});
