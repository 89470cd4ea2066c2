import {
	channelLink,
	connectionStatus,
	expect,
	pairViaLink,
	readMessageRows,
	startsWith,
	test
} from './fixtures';
import { chatsOnce } from './faults';
import type { Page } from '@playwright/test';
import { walkLog } from './log-walk';

/** The storage banner (`role="alert"`, text starting with "Storage"). */
const storageAlert = (page: Page) => page.getByRole('alert').filter({ hasText: /^\s*Storage/ });

/** Collects uncaught errors and unhandled rejections of the page. */
function pageErrors(page: Page): string[] {
	const errors: string[] = [];
	page.on('pageerror', (e) => errors.push(e.message));
	return errors;
}

test.use({ gatewayOptions: { stepMs: 1 } });

/** Create a channel with the sidebar's "New channel" dialog; the app opens it. */
async function createChannel(page: Page, name: string): Promise<void> {
	await page.getByRole('button', { name: 'New channel', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: 'New channel', exact: true });
	await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
	await dialog.getByRole('button', { name: 'Create', exact: true }).click();
	await expect(dialog).toBeHidden();
}

/**
 * Open the store at a higher version from another page of the origin, as a newer Iris would (it
 * adds a table). Returns that page, still open, and the tables the store has then.
 */
async function upgradeFromAnotherTab(page: Page): Promise<{ newer: Page; stores: string[] }> {
	const newer = await page.context().newPage();
	await newer.goto(new URL('/favicon.svg', page.url()).href);
	const stores = await newer.evaluate(
		() =>
			new Promise<string[]>((resolve, reject) => {
				const open = indexedDB.open('iris', 1000);
				open.onupgradeneeded = () => open.result.createObjectStore('from_the_future');
				open.onsuccess = () => {
					const names = [...open.result.objectStoreNames];
					open.result.close();
					resolve(names);
				};
				open.onerror = () => reject(open.error);
			})
	);
	return { newer, stores };
}

test('without IndexedDB the app says so and chats from memory', async ({ page, gateway }) => {
	const errors = pageErrors(page);
	await page.addInitScript(() => {
		Object.defineProperty(globalThis, 'indexedDB', { get: () => undefined, configurable: true });
	});
	await pairViaLink(page, gateway);
	await expect(storageAlert(page)).toContainText('Storage is unavailable');
	await expect(storageAlert(page)).toContainText('keeps chatting from memory');
	await chatsOnce(page, 'Hello from memory');
	expect(errors).toEqual([]);
});

test('IndexedDB refusing to open (private mode) → banner, chatting from memory', async ({
	page,
	gateway
}) => {
	const errors = pageErrors(page);
	await page.addInitScript(() => {
		IDBFactory.prototype.open = function () {
			throw new DOMException(
				'The user denied permission to access the database.',
				'InvalidStateError'
			);
		};
	});
	await pairViaLink(page, gateway);
	await expect(storageAlert(page)).toContainText('Storage is unavailable');
	await chatsOnce(page, 'Private mode message');
	expect(errors).toEqual([]);
});

test('quota exceeded → banner, the app pairs and chats from memory', async ({ page, gateway }) => {
	const errors = pageErrors(page);
	// A full disk: Chromium refuses IndexedDB writes of the origin beyond a 1-byte quota.
	await page.goto(`${gateway.httpUrl}/favicon.svg`);
	const cdp = await page.context().newCDPSession(page);
	await cdp.send('Storage.overrideQuotaForOrigin', { origin: gateway.httpUrl, quotaSize: 1 });
	await pairViaLink(page, gateway);
	await expect(storageAlert(page)).toContainText('Storage is full');
	await chatsOnce(page, 'Written with a full disk');
	await chatsOnce(page, 'And one more');
	expect(errors).toEqual([]);
	await cdp.send('Storage.overrideQuotaForOrigin', { origin: gateway.httpUrl });
});

test('a newer version upgrading the store from another tab → banner, data kept, chat goes on', async ({
	page,
	gateway
}) => {
	const errors = pageErrors(page);
	await pairViaLink(page, gateway);
	await chatsOnce(page, 'Stored before the upgrade');
	const before = (await readMessageRows(page)).length;

	// A "newer tab": same origin, not the app, opens the store at a higher version.
	const { newer, stores } = await upgradeFromAnotherTab(page);
	expect(stores).toEqual(expect.arrayContaining(['messages', 'outbox', 'from_the_future']));

	await expect(storageAlert(page)).toContainText('upgraded by a newer version');
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await chatsOnce(page, 'After the upgrade');
	// The question and its reply (which quotes it), each once, found by walking the whole log.
	const before_upgrade = (await walkLog(page)).filter((row) =>
		row.text.includes('Stored before the upgrade')
	);
	expect(before_upgrade.map((row) => row.role).sort()).toEqual(['assistant', 'user']);
	// The newer schema kept everything the old one stored.
	expect((await readMessageRows(newer)).length).toBeGreaterThanOrEqual(before);
	expect(errors).toEqual([]);
});

test('an older tab blocking the upgrade → banner, chatting from memory', async ({
	page,
	context,
	gateway
}) => {
	const errors = pageErrors(page);
	// An "older tab" holds the store open at a lower version and ignores versionchange.
	const older = await context.newPage();
	await older.goto(`${gateway.httpUrl}/favicon.svg`);
	await older.evaluate(
		() =>
			new Promise<void>((resolve, reject) => {
				const open = indexedDB.open('iris', 1);
				open.onupgradeneeded = () => open.result.createObjectStore('legacy');
				open.onsuccess = () => {
					(globalThis as { keep?: IDBDatabase }).keep = open.result;
					resolve();
				};
				open.onerror = () => reject(open.error);
			})
	);
	await pairViaLink(page, gateway);
	await expect(storageAlert(page)).toContainText('Storage upgrade is blocked');
	await chatsOnce(page, 'Despite the older tab');
	expect(errors).toEqual([]);
});

test('without IndexedDB from the start, the sidebar lists a channel created from memory', async ({
	page,
	gateway
}) => {
	await page.addInitScript(() => {
		Object.defineProperty(globalThis, 'indexedDB', { get: () => undefined, configurable: true });
	});
	await pairViaLink(page, gateway);
	await expect(storageAlert(page)).toContainText('Storage is unavailable');
	await expect(channelLink(page, 'General')).toBeVisible();
	await createChannel(page, 'Made in memory');
	await expect(channelLink(page, 'Made in memory')).toHaveAttribute('aria-current', 'page');
});

test('after storage fails mid-session, the sidebar lists a channel created from memory', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await chatsOnce(page, 'Stored before the failure');
	// What the connection status says when the banner appears: the worker's connection is gone.
	const statusAtFailure = page.evaluate(
		() =>
			new Promise<string>((resolve) => {
				const observer = new MutationObserver(() => {
					const alert = [...document.querySelectorAll('[role="alert"]')].find((a) =>
						a.textContent?.trim().startsWith('Storage')
					);
					if (!alert) return;
					observer.disconnect();
					const status = document.querySelector('[role="status"][aria-label="Connection"]');
					resolve(status?.textContent?.trim() ?? '');
				});
				observer.observe(document, { subtree: true, childList: true, characterData: true });
			})
	);
	await (await upgradeFromAnotherTab(page)).newer.close();
	await expect(storageAlert(page)).toContainText('upgraded by a newer version');
	expect(await statusAtFailure).toMatch(/^Connecting/);
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await createChannel(page, 'After the switch');
	await expect(channelLink(page, 'After the switch')).toHaveAttribute('aria-current', 'page');
	await expect(channelLink(page, 'General')).toBeVisible();
});
