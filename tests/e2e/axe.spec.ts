/**
 * Accessibility audit: axe-core (WCAG 2.x A/AA and best practices) on every screen and dialog,
 * in the light and the dark theme (the System theme following the emulated colour scheme), with
 * no violation of any impact. Screens are reached by the UI contract's names only.
 */
import { channelAction, channelsDrawer, expectAccessible, openSettings } from './axe-support';
import {
	composer,
	expect,
	lastArticle,
	pairViaLink,
	replyTo,
	sendMessage,
	test,
	type Gateway
} from './fixtures';
import type { Page } from '@playwright/test';

/** Sends a demo command and answers the picker it opens once it has been audited. */
async function pickerTurn(page: Page, command: string, title: string, answer: string) {
	await sendMessage(page, command);
	const dialog = page.getByRole('dialog', { name: title, exact: true });
	await expect(dialog).toBeVisible();
	return {
		dialog,
		answer: async () => {
			await dialog.getByRole('button', { name: answer, exact: true }).click();
			await expect(dialog).toBeHidden();
		}
	};
}

/** Pairs, and sends one message whose demo reply (markdown, a quote, code) completes. */
async function chatWithReply(page: Page, gateway: Gateway): Promise<void> {
	await pairViaLink(page, gateway);
	const text = 'Show me what you can render';
	await sendMessage(page, text);
	await expect(replyTo(page, text)).toHaveAttribute('data-status', 'complete');
}

for (const colorScheme of ['light', 'dark'] as const) {
	test.describe(`${colorScheme} theme`, () => {
		test.use({ colorScheme, reducedMotion: 'reduce' });

		test(`pairing screen (${colorScheme})`, async ({ page, gateway }, testInfo) => {
			await page.goto(gateway.httpUrl);
			await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
			await expectAccessible(page, testInfo, 'pairing');
		});

		test(`chat idle, streaming and busy (${colorScheme})`, async ({ page, gateway }, testInfo) => {
			await chatWithReply(page, gateway);
			await sendMessage(page, '/demo tools');
			await expect(page.getByRole('group', { name: 'Tool: terminal' })).toBeVisible();
			await expect(lastArticle(page, 'assistant')).toHaveAttribute('data-status', 'complete');
			await expectAccessible(page, testInfo, 'chat idle');

			await sendMessage(page, '/demo slow');
			const stop = page.getByRole('button', { name: 'Stop', exact: true });
			await expect(stop).toBeVisible();
			await expect(lastArticle(page, 'assistant')).toHaveAttribute('aria-busy', 'true');
			await expectAccessible(page, testInfo, 'chat streaming');

			// Busy with text in the composer: the steering controls show.
			await composer(page).fill('Shorter, please');
			await expectAccessible(page, testInfo, 'chat busy with a draft');
			await composer(page).fill('');
			await stop.click();
			await expect(stop).toBeHidden();
		});

		test(`pickers: approval, choice, clarify, model (${colorScheme})`, async ({
			page,
			gateway
		}, testInfo) => {
			await pairViaLink(page, gateway);
			const pickers = [
				['/demo approval', 'Approval required', 'Deny'],
				['/demo choice', 'Answer format', 'Bullet points'],
				['/demo clarify', 'Which language should the script use?', 'Python'],
				['/demo model', 'Choose a model', 'Hermes 3 8B'],
				['/demo confirm', 'Reset the conversation?', 'Cancel']
			] as const;
			for (const [command, title, answer] of pickers) {
				const picker = await pickerTurn(page, command, title, answer);
				await expectAccessible(page, testInfo, `picker ${title}`);
				await picker.answer();
			}
			// The answered pickers stay in the log as settled records.
			await expect(lastArticle(page, 'assistant')).toHaveAttribute('data-status', 'complete');
			await expectAccessible(page, testInfo, 'settled pickers');
		});

		test(`search dialog with results, keyboard shortcuts, and settings (${colorScheme})`, async ({
			page,
			gateway
		}, testInfo) => {
			await chatWithReply(page, gateway);
			await page.keyboard.press('Control+K');
			const box = page.getByRole('searchbox', { name: 'Search messages', exact: true });
			await expect(box).toBeFocused();
			await expectAccessible(page, testInfo, 'search empty');
			await box.fill('render');
			await box.press('Enter');
			const results = page.getByRole('list', { name: 'Search results' });
			await expect(results.getByRole('button').first()).toBeVisible();
			await expectAccessible(page, testInfo, 'search results');
			await page.keyboard.press('Escape');
			await expect(box).toBeHidden();

			await page.keyboard.press('Control+/');
			const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts', exact: true });
			await expect(shortcuts).toBeVisible();
			await expectAccessible(page, testInfo, 'keyboard shortcuts');
			await page.keyboard.press('Escape');
			await expect(shortcuts).toBeHidden();

			await openSettings(page);
			// Every section filled in: Storage has its numbers, Notifications its controls.
			await expect(page.getByRole('status', { name: 'Storage', exact: true })).toContainText(
				'Using'
			);
			await expectAccessible(page, testInfo, 'settings');
			await page.getByRole('button', { name: 'Forget this device', exact: true }).click();
			const forget = page.getByRole('dialog', { name: 'Forget this gateway on this device?' });
			await expect(forget).toBeVisible();
			await expectAccessible(page, testInfo, 'settings: forget this device');
			await page.keyboard.press('Escape');
			await expect(forget).toBeHidden();
		});

		test(`channel dialogs: new, new thread, rename, delete (${colorScheme})`, async ({
			page,
			gateway
		}, testInfo) => {
			await pairViaLink(page, gateway);
			await page.getByRole('button', { name: 'New channel', exact: true }).click();
			const create = page.getByRole('dialog', { name: 'New channel', exact: true });
			await create.getByRole('textbox', { name: 'Name' }).fill('Audit');
			await expectAccessible(page, testInfo, 'new channel dialog');
			await create.getByRole('button', { name: 'Create', exact: true }).click();
			await expect(page.getByRole('heading', { name: 'Audit', exact: true })).toBeVisible();

			const dialogs = [
				['New thread', page.getByRole('dialog', { name: 'New thread', exact: true })],
				['Rename', page.getByRole('dialog', { name: 'Rename channel', exact: true })],
				['Delete', page.getByRole('dialog', { name: /^Delete channel “Audit”/ })]
			] as const;
			for (const [action, dialog] of dialogs) {
				await channelAction(page, action);
				await expect(dialog).toBeVisible();
				await expectAccessible(page, testInfo, `${action} dialog`);
				await page.keyboard.press('Escape');
				await expect(dialog).toBeHidden();
			}
		});

		test.describe('phone', () => {
			test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

			test(`phone chat and channels drawer (${colorScheme})`, async ({
				page,
				gateway
			}, testInfo) => {
				await chatWithReply(page, gateway);
				await expectAccessible(page, testInfo, 'phone chat');
				await page.getByRole('button', { name: 'Channels', exact: true }).click();
				await expect(channelsDrawer(page)).toBeVisible();
				await expectAccessible(page, testInfo, 'phone drawer');
			});
		});
	});
}

// A theme chosen in the app wins over the OS's: every colour (code highlighting included)
// follows `<html data-theme>`, not only `prefers-color-scheme`.
for (const [os, forced] of [
	['light', 'dark'],
	['dark', 'light']
] as const) {
	test.describe(`${forced} theme chosen on a ${os} OS`, () => {
		test.use({ colorScheme: os, reducedMotion: 'reduce' });

		test(`chat with code (${forced} over ${os})`, async ({ page, gateway }, testInfo) => {
			await chatWithReply(page, gateway);
			await page.evaluate((theme) => (document.documentElement.dataset.theme = theme), forced);
			await expect(page.getByRole('button', { name: 'Copy code' }).first()).toBeVisible();
			await expectAccessible(page, testInfo, `chat, ${forced} theme on a ${os} OS`);
		});
	});
}

// The Chinese interface, found by role only (its names are translated): the same rules hold.
test.describe('zh-CN', () => {
	test.use({ locale: 'zh-CN', reducedMotion: 'reduce' });

	for (const colorScheme of ['light', 'dark'] as const) {
		test(`pairing and chat in Chinese (${colorScheme})`, async ({ page, gateway }, testInfo) => {
			await page.emulateMedia({ colorScheme });
			await page.goto(gateway.httpUrl);
			await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
			await expect(page.getByRole('textbox').first()).toBeVisible();
			await expectAccessible(page, testInfo, 'pairing, zh-CN');

			await page.goto(gateway.pairingLink);
			// The chat's only textbox is the composer (the dialogs' fields are closed).
			const field = page.getByRole('textbox');
			await field.fill('你好，给我看看你能显示什么');
			await field.press('Enter');
			const answer = page.getByRole('log').locator('article[data-role="assistant"]').last();
			await expect(answer).toHaveAttribute('data-status', 'complete');
			await expectAccessible(page, testInfo, 'chat, zh-CN');
		});
	}
});
