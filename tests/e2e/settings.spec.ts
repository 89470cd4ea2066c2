import { readFileSync } from 'node:fs';
/**
 * Settings as a page of sections: Appearance, Notifications, Connection, Storage, About and
 * Diagnostics; the paired gateway and its protocol; Forget this device, with and without erasing
 * what this device stored; storage usage; notifications set here, not in the sidebar.
 */
import type { Page } from '@playwright/test';
import {
	expect,
	pairViaLink,
	readMessageRows,
	replyTo,
	sendMessage,
	test,
	type Gateway
} from './fixtures';

const SECTIONS = ['Appearance', 'Notifications', 'Connection', 'Storage', 'About', 'Diagnostics'];

async function openSettings(page: Page): Promise<void> {
	await page.getByRole('link', { name: 'Settings', exact: true }).click();
	await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
}

/** Pairs, and sends one message whose demo reply completes (so the store holds messages). */
async function chatOnce(page: Page, gateway: Gateway): Promise<void> {
	await pairViaLink(page, gateway);
	const text = 'Remember this';
	await sendMessage(page, text);
	await expect(replyTo(page, text)).toHaveAttribute('data-status', 'complete');
	await expect.poll(async () => (await readMessageRows(page)).length).toBeGreaterThan(1);
}

/** Forget this device from Settings › Connection, erasing or not; ends on the pairing form. */
async function forget(page: Page, erase: boolean): Promise<void> {
	await openSettings(page);
	await page.getByRole('button', { name: 'Forget this device', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: 'Forget this gateway on this device?' });
	await expect(dialog).toBeVisible();
	const box = dialog.getByRole('checkbox', { name: "Also erase this device's messages and files" });
	await expect(box).not.toBeChecked();
	if (erase) await box.check();
	await dialog.getByRole('button', { name: 'Forget', exact: true }).click();
	await expect(page).toHaveURL(/\/$/);
	await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
	await expect(page.getByRole('textbox', { name: 'Token', exact: true })).toHaveValue('');
}

test('Settings has its six sections, the paired gateway and its protocol, and storage usage', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	// Notifications moved from the sidebar to Settings.
	const notifications = page.getByRole('status', { name: 'Notification settings', exact: true });
	await expect(page.getByRole('navigation', { name: 'Channels' })).toBeVisible();
	await expect(notifications).toHaveCount(0);
	await openSettings(page);
	for (const name of SECTIONS)
		await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
	await expect(notifications).toHaveText('Notifications are off.');
	// Why the gateway's own Web Push is not offered (this gateway runs without IRIS_PUSH).
	await expect(
		page.getByText('This gateway does not send Web Push itself', { exact: false })
	).toBeVisible();

	// About: the release from package.json and when this build was made (not a raw timestamp).
	const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
	await expect(page.getByText(`Iris ${version} · build `)).toHaveText(/ · build \D/);

	const connection = page.locator('section', {
		has: page.getByRole('heading', { name: 'Connection', exact: true })
	});
	await expect(connection).toContainText(gateway.wsUrl);
	await expect(connection).toContainText('Iris v1');
	await expect(connection.getByRole('button', { name: 'Pair again', exact: true })).toBeVisible();

	await expect(page.getByRole('status', { name: 'Storage', exact: true })).toHaveText(
		/Using \d[\d.,]* (B|KB|MB|GB) of \d[\d.,]* (B|KB|MB|GB) available to this app \(\d+%\)\.$/
	);
	// Asking for persistent storage shows the browser's answer, whichever it is.
	await page.getByRole('button', { name: 'Keep data on this device', exact: true }).click();
	await expect(
		page.getByText(/^Persistent: |^The browser did not grant persistent storage/)
	).toBeVisible();
});

test('the Forget dialog keeps focus inside and gives it back on Cancel', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await openSettings(page);
	const button = page.getByRole('button', { name: 'Forget this device', exact: true });
	await button.click();
	const dialog = page.getByRole('dialog', { name: 'Forget this gateway on this device?' });
	await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
	for (let i = 0; i < 8; i++) {
		await page.keyboard.press(i < 4 ? 'Tab' : 'Shift+Tab');
		expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
	}
	await page.keyboard.press('Escape');
	await expect(dialog).toBeHidden();
	await expect(button).toBeFocused();
});

test('Forget this device: the pairing form, the token gone after a reload, the messages kept', async ({
	page,
	gateway
}) => {
	await chatOnce(page, gateway);
	const from = gateway.output.length;
	await forget(page, false);
	await page.reload();
	await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
	expect((await readMessageRows(page)).length).toBeGreaterThan(1);
	// Really disconnected: the gateway saw the socket close.
	await gateway.waitForLine(/connection closed/, { from });
});

test('Forget this device and erase: the pairing form, and no message left in IndexedDB', async ({
	page,
	gateway
}) => {
	await chatOnce(page, gateway);
	await forget(page, true);
	expect(await readMessageRows(page)).toEqual([]);
	await page.reload();
	await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
	expect(await readMessageRows(page)).toEqual([]);
});

test('Pair again shows the pairing form with the gateway URL filled in', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await openSettings(page);
	await page.getByRole('button', { name: 'Pair again', exact: true }).click();
	await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
	await expect(page.getByRole('textbox', { name: 'Gateway URL', exact: true })).toHaveValue(
		gateway.wsUrl
	);
});

test.describe('a Hermes Chat v3 gateway', () => {
	test.use({ dialect: 'v3' });

	test('Connection names its protocol', async ({ page, gateway }) => {
		await pairViaLink(page, gateway);
		await openSettings(page);
		const connection = page.locator('section', {
			has: page.getByRole('heading', { name: 'Connection', exact: true })
		});
		await expect(connection).toContainText('Hermes Chat v3');
	});
});

test('Settings lays out evenly: icons apart from their labels, shortcut groups apart', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await openSettings(page);
	// Every button with an icon and words: a gap between the icon and the first letter.
	const gaps = await page.locator('main button:has(svg)').evaluateAll((buttons) =>
		buttons.flatMap((button) => {
			const icon = button.querySelector('svg')!.getBoundingClientRect();
			const text = [...button.childNodes].find(
				(n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()
			);
			if (!text || icon.width === 0) return [];
			const range = document.createRange();
			range.selectNodeContents(text);
			return [
				{ name: text.textContent!.trim(), gap: range.getBoundingClientRect().left - icon.right }
			];
		})
	);
	expect(gaps.map((g) => g.name)).toEqual(expect.arrayContaining(['Export', 'Import…']));
	for (const { name, gap } of gaps) expect({ name, gap: gap >= 4 }).toEqual({ name, gap: true });
	// The shortcut list's groups: room above each heading after the first.
	const list = page.locator('main .shortcut-list');
	const headings = list.locator('h3');
	await expect(headings).toHaveCount(4);
	for (const i of [1, 2, 3]) {
		const [above, heading] = await Promise.all([
			// The previous group's last entry (its list and rows lend their cells to one grid).
			headings
				.nth(i)
				.evaluate(
					(h) =>
						[...h.previousElementSibling!.querySelectorAll('dd')].at(-1)!.getBoundingClientRect()
							.bottom
				),
			headings.nth(i).evaluate((h) => h.getBoundingClientRect().top)
		]);
		expect(heading - above).toBeGreaterThanOrEqual(12);
	}
});
