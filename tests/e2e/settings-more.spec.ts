/**
 * Settings beyond the basics: Appearance › Text size, Connection › Device name (sent in `hello`),
 * Storage › Clear cached media (unsent attachments kept), About › Check for updates.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { makePng } from '../../gateway/media/samples';
import {
	connectionStatus,
	expect,
	messageLog,
	pairViaLink,
	replyTo,
	sendMessage,
	startsWith,
	test,
	userMessage
} from './fixtures';
import { NEXT_BUILD_DIR } from './global-setup';
import { attachFiles, imageLoaded, offerMedia, storedBlobIds, testFiles } from './media-support';
import { waitForController } from './pwa-support';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function openSettings(page: Page): Promise<void> {
	await page.getByRole('link', { name: 'Settings', exact: true }).click();
	await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
}

/** Back from Settings to the conversation. */
async function openChat(page: Page): Promise<void> {
	await page.goBack();
	await expect(messageLog(page)).toBeVisible();
}

/** A section of the Settings page by its heading. */
function section(page: Page, name: string): Locator {
	return page.getByRole('region', { name, exact: true });
}

/** The computed font size of an element, px. */
function fontSize(el: Locator): Promise<number> {
	return el.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
}

test('Text size scales the messages at once and is remembered across a reload', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, 'How big is this text?');
	// Measured once acked: the row is rendered again under its server id, and an element
	// measured as it goes has no computed size.
	await expect(replyTo(page, 'How big is this text?')).toHaveAttribute('data-status', 'complete');
	const text = userMessage(page, 'How big is this text?').locator('p.plain');
	const before = await fontSize(text);
	expect(before).toBeGreaterThan(0);

	await openSettings(page);
	const group = page.getByRole('group', { name: 'Text size', exact: true });
	await expect(group.getByRole('radio', { name: 'Default', exact: true })).toBeChecked();
	await group.getByRole('radio', { name: 'Larger', exact: true }).check();
	await openChat(page);
	await expect.poll(() => fontSize(text)).toBeCloseTo(before * 1.25, 1);

	// Applied before the first render after a reload (and the choice shows as made).
	await page.reload();
	await expect(page.locator('html')).toHaveAttribute('data-text-size', 'larger');
	await expect.poll(() => fontSize(text)).toBeCloseTo(before * 1.25, 1);
	await openSettings(page);
	await expect(group.getByRole('radio', { name: 'Larger', exact: true })).toBeChecked();

	// Small goes below the default; Default takes the attribute away.
	await group.getByRole('radio', { name: 'Small', exact: true }).check();
	await openChat(page);
	await expect.poll(() => fontSize(text)).toBeCloseTo(before * 0.875, 1);
	await openSettings(page);
	await group.getByRole('radio', { name: 'Default', exact: true }).check();
	await expect(page.locator('html')).not.toHaveAttribute('data-text-size');
});

test('Device name: the default names the browser; a new name is saved and sent in the next hello', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const hellos = () =>
		gateway.received().flatMap((f) => (f.type === 'hello' ? [f.payload.device_name] : []));
	await expect.poll(hellos).toEqual(['Chrome on Linux']);

	await openSettings(page);
	const field = section(page, 'Connection').getByRole('textbox', { name: 'Device name' });
	await expect(field).toHaveValue('Chrome on Linux');
	await field.fill('  Kitchen   tablet ');
	await section(page, 'Connection').getByRole('button', { name: 'Save name' }).click();
	await expect(section(page, 'Connection').getByRole('status')).toHaveText(startsWith('Saved'));
	await expect(field).toHaveValue('Kitchen tablet');

	// The next connection introduces the device by its new name.
	await page.reload();
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await expect.poll(hellos).toEqual(['Chrome on Linux', 'Kitchen tablet']);
	await expect(field).toHaveValue('Kitchen tablet');
});

test('Clear cached media deletes fetched media but keeps an unsent attachment; media can be fetched again', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await offerMedia(gateway, {
		kind: 'image',
		mime: 'image/png',
		filename: 'chart.png',
		body: makePng(64, 48)
	});
	const img = messageLog(page).getByRole('img', { name: 'chart.png' });
	await expect.poll(() => imageLoaded(img)).toBe(true);
	// An attachment waiting in the composer: the user's only copy until it is sent.
	await attachFiles(page, [testFiles().pdf]);
	const tray = page.getByRole('list', { name: 'Attachments' });
	await expect(tray.getByRole('listitem')).toContainText('Uploaded');
	await expect.poll(async () => (await storedBlobIds(page)).length).toBe(2);
	const [draft] = (await storedBlobIds(page)).filter((id) => !id.startsWith('test_'));

	await openSettings(page);
	const storage = section(page, 'Storage');
	await expect(storage).toContainText(/Cached media: [\d.]+ [KM]?B in 1 file\./);
	await storage.getByRole('button', { name: 'Clear cached media', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: 'Clear cached media?' });
	await dialog.getByRole('button', { name: 'Clear', exact: true }).click();
	await expect(dialog).toBeHidden();
	await expect(storage).toContainText('No media cached on this device.');
	await expect(
		storage.getByRole('button', { name: 'Clear cached media', exact: true })
	).toBeDisabled();
	expect(await storedBlobIds(page)).toEqual([draft]);

	// Back in the conversation: the image offers a download, which brings it back.
	await openChat(page);
	await expect(tray.getByRole('listitem')).toContainText('doc.pdf');
	const again = messageLog(page).getByRole('button', { name: 'Download chart.png', exact: true });
	await again.click();
	await expect.poll(() => imageLoaded(img)).toBe(true);
	expect(await storedBlobIds(page)).toHaveLength(2);
});

test('Check for updates: up to date; offline it says it cannot check', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await waitForController(page);
	await openSettings(page);
	const about = section(page, 'About');
	const check = about.getByRole('button', { name: 'Check for updates', exact: true });
	await check.click();
	await expect(about.getByRole('status')).toHaveText("You're up to date.");

	await page.context().setOffline(true);
	await check.click();
	await expect(about.getByRole('status')).toHaveText("You're offline: cannot check for updates.");
	await page.context().setOffline(false);
});

test('Check for updates after a deploy: a new version is ready, with Reload', async ({
	page,
	gateway,
	startGateway
}) => {
	await pairViaLink(page, gateway);
	await waitForController(page);
	await openSettings(page);
	const about = section(page, 'About');
	// Deploy: the gateway restarts on the same port serving the next build.
	await gateway.kill();
	await startGateway({
		port: gateway.port,
		token: gateway.token,
		staticDir: join(ROOT, NEXT_BUILD_DIR)
	});
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await about.getByRole('button', { name: 'Check for updates', exact: true }).click();
	const ready = about.getByRole('status').filter({ hasText: startsWith('New version') });
	await expect(ready).toBeVisible();
	await expect(ready.getByRole('button', { name: 'Reload', exact: true })).toBeVisible();
});
