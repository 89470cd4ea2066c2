/**
 * Web Share Target: another app's Share sheet posts to `/share` (the manifest's `share_target`),
 * the service worker keeps the share, the share page asks which channel it goes to, and that
 * channel opens with the text in its composer and the files attached — nothing sent yet. The
 * share is posted here as the browser posts it: a `multipart/form-data` form navigation.
 */
import type { Page } from '@playwright/test';
import {
	channelLink,
	composer,
	expect,
	pairViaLink,
	sendButton,
	test,
	userMessage
} from './fixtures';
import { createChannel, openChannel } from './agent-support';
import { waitForController } from './pwa-support';
import { expectAccessible, settle } from './axe-support';

interface Shared {
	title?: string;
	text?: string;
	url?: string;
	files?: { name: string; mimeType: string; buffer: Buffer }[];
	/** A file of this many bytes, made in the page (too big to pass through the test driver). */
	bigFile?: number;
}

/** Post `shared` to `/share` as a Share sheet does (a form navigation, fields named as the manifest says). */
async function shareFromAnotherApp(page: Page, shared: Shared): Promise<void> {
	await page.evaluate(({ title, text, url }) => {
		const form = document.createElement('form');
		form.method = 'post';
		form.action = '/share';
		form.enctype = 'multipart/form-data';
		for (const [name, value] of Object.entries({ title, text, url })) {
			const input = document.createElement('input');
			input.type = 'hidden';
			input.name = name;
			input.value = value ?? '';
			form.append(input);
		}
		const files = document.createElement('input');
		files.type = 'file';
		files.name = 'files';
		files.multiple = true;
		files.id = 'share-files';
		const submit = document.createElement('button');
		submit.id = 'share-submit';
		submit.textContent = 'Share';
		form.append(files, submit);
		document.body.append(form);
	}, shared);
	if (shared.files) await page.locator('#share-files').setInputFiles(shared.files);
	if (shared.bigFile)
		await page.locator('#share-files').evaluate((input: HTMLInputElement, size) => {
			const picked = new DataTransfer();
			for (const file of input.files ?? []) picked.items.add(file);
			picked.items.add(new File([new Uint8Array(size)], 'big.bin'));
			input.files = picked.files;
		}, shared.bigFile);
	await page.locator('#share-submit').dispatchEvent('click');
	await expect(page).toHaveURL(/\/share(\?|$)/);
}

const choices = (page: Page) => page.getByRole('list', { name: 'Choose a channel', exact: true });

test('the manifest offers the app as a share target that posts files', async ({
	page,
	gateway
}) => {
	const manifest = await (await page.request.get(`${gateway.httpUrl}/manifest.webmanifest`)).json();
	expect(manifest.share_target).toEqual({
		action: '/share',
		method: 'POST',
		enctype: 'multipart/form-data',
		params: {
			title: 'title',
			text: 'text',
			url: 'url',
			files: [{ name: 'files', accept: ['*/*'] }]
		}
	});
});

test('a shared text, link and file wait in the chosen channel’s composer, after its draft', async ({
	page,
	gateway
}, testInfo) => {
	await pairViaLink(page, gateway);
	await waitForController(page);
	await createChannel(page, 'Reading list');
	await composer(page).fill('My own draft');
	await openChannel(page, 'General');

	await shareFromAnotherApp(page, {
		title: 'Example page',
		text: 'Look at this',
		url: 'https://example.com/a',
		files: [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('shared notes') }]
	});
	await expect(
		page.getByRole('heading', { name: 'Share to a channel', exact: true })
	).toBeVisible();
	const shared = page.getByRole('region', { name: 'What was shared', exact: true });
	await expect(shared).toContainText('Look at this\nhttps://example.com/a');
	await expect(shared.getByRole('listitem')).toHaveText(/notes\.txt\s*12 B/);
	await expect(choices(page).getByRole('button')).toHaveText(['General', 'Reading list']);
	await settle(page);
	await expectAccessible(page, testInfo, 'share page');

	await choices(page).getByRole('button', { name: 'Reading list', exact: true }).click();
	await expect(channelLink(page, 'Reading list')).toHaveAttribute('aria-current', 'page');
	await expect(composer(page)).toHaveValue(
		'My own draft\n\nExample page\n\nLook at this\nhttps://example.com/a'
	);
	const tray = page.getByRole('list', { name: 'Attachments', exact: true });
	await expect(tray.getByRole('listitem')).toHaveCount(1);
	await expect(tray.getByRole('listitem')).toContainText('notes.txt');

	// Nothing went out until Send; then the message carries the file.
	await sendButton(page).click();
	await expect(userMessage(page, 'Look at this')).toContainText('notes.txt');

	// Taken: the share page has nothing waiting any more.
	await page.goto(`${gateway.httpUrl}/share`);
	await expect(page.getByText(/^Nothing is waiting to be shared/)).toBeVisible();
});

test('a file over the upload limit is marked in the preview and left out; the rest goes through', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await waitForController(page);
	await shareFromAnotherApp(page, {
		text: 'Two files',
		files: [{ name: 'small.txt', mimeType: 'text/plain', buffer: Buffer.from('small') }],
		bigFile: 50 * 1024 * 1024 + 1
	});
	const files = page.getByRole('list', { name: 'Files', exact: true }).getByRole('listitem');
	await expect(files.filter({ hasText: 'big.bin' })).toContainText(
		'50.0 MB: too large to send (up to 50.0 MB)'
	);
	await choices(page).getByRole('button', { name: 'General', exact: true }).click();
	// Straight to the chat: the file was already marked, not reported again.
	await expect(channelLink(page, 'General')).toHaveAttribute('aria-current', 'page');
	await expect(composer(page)).toHaveValue('Two files');
	const tray = page.getByRole('list', { name: 'Attachments', exact: true }).getByRole('listitem');
	await expect(tray).toHaveCount(1);
	await expect(tray).toContainText('small.txt');
});

test('a share with nothing in it says so and offers no channel', async ({ page, gateway }) => {
	await pairViaLink(page, gateway);
	await waitForController(page);
	await shareFromAnotherApp(page, {});
	await expect(page.getByText(/^What was shared was empty/)).toBeVisible();
	await expect(choices(page)).toHaveCount(0);
});

test('Discard forgets a share; the chat is as it was', async ({ page, gateway }) => {
	await pairViaLink(page, gateway);
	await waitForController(page);
	await shareFromAnotherApp(page, { text: 'Never mind' });
	await page.getByRole('button', { name: 'Discard', exact: true }).click();
	await expect(page).toHaveURL(/\/chat\//);
	await expect(composer(page)).toHaveValue('');
	await page.goto(`${gateway.httpUrl}/share`);
	await expect(page.getByText(/^Nothing is waiting to be shared/)).toBeVisible();
});

test.describe('without the service worker', () => {
	test.use({ serviceWorkers: 'block' });

	test('a share that reached the gateway says it did not arrive', async ({ page, gateway }) => {
		await pairViaLink(page, gateway);
		await shareFromAnotherApp(page, { text: 'Lost on the way' });
		await expect(page).toHaveURL(/\/share\?unsaved=1$/);
		await expect(page.getByText(/^What was shared did not arrive/)).toBeVisible();
		await page.getByRole('link', { name: 'Back to the chat', exact: true }).click();
		await expect(page).toHaveURL(/\/chat\//);
	});
});
