import { writeFile } from 'node:fs/promises';
import { composer, expect, pairViaLink, sendButton, test, userMessage } from './fixtures';
import { attachFiles, dropNextUploadAfter, sha256, storedMedia, testFiles } from './media-support';

test('a file over the size limit is refused before upload, with a message', async ({
	page,
	gateway
}, testInfo) => {
	await pairViaLink(page, gateway);
	const path = testInfo.outputPath('huge.bin');
	await writeFile(path, Buffer.alloc(50 * 1024 * 1024 + 1));
	await composer(page).fill('Draft stays');
	await attachFiles(page, [path]);
	await expect(page.getByRole('alert')).toContainText(
		'"huge.bin" is 50.0 MB; files up to 50.0 MB can be sent.'
	);
	await expect(page.getByRole('list', { name: 'Attachments' })).toHaveCount(0);
	await expect(composer(page)).toHaveValue('Draft stays');
	expect(gateway.output.some((l) => l.includes('upload '))).toBe(false);
	expect(await storedMedia(gateway)).toEqual([]);
});

test('a type the gateway refuses shows its reason and keeps the draft', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await composer(page).fill('Here is the tool');
	await attachFiles(page, [
		{ name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ....') }
	]);
	const item = page.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
	await expect(item.getByRole('alert')).toHaveText(
		'The gateway refused "tool.exe": files of type application/x-msdownload are not accepted'
	);
	await expect(composer(page)).toHaveValue('Here is the tool');
	await expect(sendButton(page)).toBeDisabled();
	expect(await storedMedia(gateway)).toEqual([]);
	// Removing the refused file lets the text go out on its own.
	await item.getByRole('button', { name: 'Remove tool.exe' }).click();
	await sendButton(page).click();
	await expect(userMessage(page, 'Here is the tool')).toHaveAttribute('data-status', 'complete');
});

test('an upload cut by a dropped connection restarts after reconnect; the message goes once', async ({
	page,
	gateway
}) => {
	const { bin } = testFiles();
	await pairViaLink(page, gateway);
	await dropNextUploadAfter(gateway, 2 * 1024 * 1024);
	await attachFiles(page, [bin]);
	await composer(page).fill('Sent once with its file');
	await sendButton(page).click();
	await gateway.waitForLine(/test hook: dropping the connection mid-upload/);

	const article = userMessage(page, 'Sent once with its file');
	await expect(article).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
	await expect(article.getByText('big.bin', { exact: true })).toBeVisible();
	// The gateway's log arrives on its own pipe: poll it.
	await expect.poll(() => gateway.connectionsOpened()).toBeGreaterThanOrEqual(2);
	await expect
		.poll(() => gateway.output.filter((l) => /upload \S+ started/.test(l)))
		.toHaveLength(2);

	const stored = await storedMedia(gateway);
	expect(stored).toHaveLength(1);
	expect(stored[0]).toMatchObject({ size: bin.buffer.length, sha256: sha256(bin.buffer) });
	await expect(
		page.locator('article[data-role="user"]', { hasText: 'Sent once with its file' })
	).toHaveCount(1);
	await expect.poll(() => gateway.output.filter((l) => l.includes('media stored'))).toHaveLength(1);
});

test.describe('with a gateway limit of 1 MiB', () => {
	test.use({ gatewayOptions: { mediaMaxBytes: 1024 * 1024 } });

	test('the gateway refusing a file as too large shows its reason; the draft stays', async ({
		page,
		gateway
	}) => {
		const { bin, png } = testFiles();
		await pairViaLink(page, gateway);
		await composer(page).fill('Two files');
		await attachFiles(page, [bin, png]);
		const items = page.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
		await expect(items.filter({ hasText: bin.name }).getByRole('alert')).toHaveText(
			`The gateway refused "big.bin" as too large: ${bin.buffer.length} bytes is over the gateway's limit of 1048576 bytes`
		);
		await expect(items.filter({ hasText: png.name })).toContainText('Uploaded');
		await expect(composer(page)).toHaveValue('Two files');
		expect((await storedMedia(gateway)).map((m) => m.filename)).toEqual([png.name]);
	});
});
