/**
 * The screens `npm run screenshots` captures, and the demo content they show. Each screen is
 * reached by the UI contract's accessible names (doc/ui-contract.md), never by markup, so the
 * script keeps working when the interface is restyled.
 */
import { expect, type Page } from '@playwright/test';
import {
	channelLink,
	composer,
	connectionStatus,
	lastArticle,
	messageLog,
	pairViaLink,
	sendButton,
	startsWith,
	type Gateway
} from '../../tests/e2e/fixtures';

/** A device size the screens are captured at. */
export interface Device {
	name: 'phone' | 'desktop';
	viewport: { width: number; height: number };
	/** Phone: touch and a mobile viewport (coarse pointer). */
	mobile: boolean;
}

const PHONE: Device = { name: 'phone', viewport: { width: 390, height: 844 }, mobile: true };
/** The desktop size; the demo content is seeded at it. */
export const DESKTOP: Device = {
	name: 'desktop',
	viewport: { width: 1280, height: 800 },
	mobile: false
};
export const DEVICES: readonly Device[] = [PHONE, DESKTOP];

/** One captured screen: `file` stem, a caption for the index, how to get there. */
export interface Screen {
	id: string;
	caption: string;
	/** Only on this device (the drawer exists on phones only). */
	only?: Device['name'];
	/** Brings the paired page (showing the main channel) to the screen; returns an undo. */
	show: (page: Page) => Promise<(() => Promise<void>) | void>;
}

/** The channel the picker screenshots happen in, so the main channel's log stays the same. */
export const SIDE_CHANNEL = 'Release checklist';
const FIRST_MESSAGE = 'Summarise what changed in the last release, with an example.';

/** Sends `text` with the composer and waits until the reply to it has completed. */
async function converse(page: Page, text: string): Promise<void> {
	await composer(page).fill(text);
	await sendButton(page).click();
	await expect(lastArticle(page, 'assistant')).toHaveAttribute('data-status', 'complete');
}

/** Opens the phone drawer when the channel list is folded away. */
async function revealChannels(page: Page): Promise<void> {
	if (await channelLink(page, 'General').isVisible()) return;
	await page.getByRole('button', { name: 'Channels', exact: true }).click();
	await expect(channelLink(page, 'General')).toBeVisible();
}

/** Opens channel `name` from the sidebar (or the phone drawer). */
export async function openChannel(page: Page, name: string): Promise<void> {
	await revealChannels(page);
	await channelLink(page, name).click();
	await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
	await expect(composer(page)).toBeVisible();
}

/**
 * Fills the gateway with the demo content every screenshot shows: a markdown answer with
 * code, a turn with tools, one with reasoning, and a second channel.
 */
export async function seed(page: Page, gateway: Gateway): Promise<void> {
	await pairViaLink(page, gateway);
	await converse(page, FIRST_MESSAGE);
	await converse(page, '/demo tools');
	await converse(page, '/demo reasoning');
	await page.getByRole('button', { name: 'New channel', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: 'New channel', exact: true });
	await dialog.getByRole('textbox', { name: 'Name' }).fill(SIDE_CHANNEL);
	await dialog.getByRole('button', { name: 'Create', exact: true }).click();
	await expect(channelLink(page, SIDE_CHANNEL)).toHaveAttribute('aria-current', 'page');
	await converse(page, 'What is left before we can ship?');
}

/** Pairs a fresh page with the seeded gateway and waits until the main channel's log shows. */
export async function pairSeeded(page: Page, gateway: Gateway): Promise<void> {
	await pairViaLink(page, gateway);
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await expect(messageLog(page)).toContainText('the simpler option wins');
}

export const SCREENS: readonly Screen[] = [
	{
		id: 'chat',
		caption: 'A conversation: markdown, code, tool cards, reasoning',
		show: async () => {}
	},
	{
		id: 'approval',
		caption: 'An approval waiting for an answer',
		show: async (page) => {
			await openChannel(page, SIDE_CHANNEL);
			await composer(page).fill('/demo approval');
			await sendButton(page).click();
			const dialog = page.getByRole('dialog', { name: 'Approval required', exact: true });
			await expect(dialog).toBeVisible();
			return async () => {
				await dialog.getByRole('button', { name: 'Deny', exact: true }).click();
				await expect(dialog).toBeHidden();
				await openChannel(page, 'General');
			};
		}
	},
	{
		id: 'search',
		caption: 'Search with results (Ctrl/Cmd+K)',
		show: async (page) => {
			await page.keyboard.press('Control+K');
			const box = page.getByRole('searchbox', { name: 'Search messages', exact: true });
			await box.fill('release');
			await box.press('Enter');
			const results = page.getByRole('list', { name: 'Search results' });
			await expect(results.getByRole('button').first()).toBeVisible();
			return async () => {
				await page.keyboard.press('Escape');
				await expect(box).toBeHidden();
			};
		}
	},
	{
		id: 'drawer',
		caption: 'The channels drawer',
		only: 'phone',
		show: async (page) => {
			await revealChannels(page);
			return async () => {
				await page.keyboard.press('Escape');
				if (await channelLink(page, 'General').isVisible()) {
					await channelLink(page, 'General').click();
				}
				await expect(composer(page)).toBeVisible();
			};
		}
	},
	{
		id: 'settings',
		caption: 'Settings',
		show: async (page) => {
			const settings = page
				.getByRole('link', { name: 'Settings', exact: true })
				.or(page.getByRole('button', { name: 'Settings', exact: true }))
				.filter({ visible: true })
				.first();
			if (!(await settings.isVisible())) await revealChannels(page);
			await settings.click();
			await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
		}
	}
];
