import { readFile } from 'node:fs/promises';
import {
	composer,
	expect,
	messageLog,
	pairViaLink,
	replyTo,
	sendButton,
	test,
	userMessage
} from './fixtures';
import {
	attachFiles,
	imageLoaded,
	progressSeen,
	recordProgress,
	sha256,
	storedMedia,
	testFiles
} from './media-support';
import { reveal } from './log-walk';

const TEXT = 'Four files for you';

test('uploads real files with progress; the gateway holds the exact bytes; they show offline', async ({
	page,
	gateway,
	startGateway,
	dialect
}) => {
	const files = testFiles();
	await pairViaLink(page, gateway);
	await recordProgress(page);

	await attachFiles(page, [files.png, files.wav, files.pdf, files.bin]);
	const tray = page.getByRole('list', { name: 'Attachments' });
	for (const f of Object.values(files)) {
		await expect(tray.getByRole('listitem').filter({ hasText: f.name })).toContainText('Uploaded');
	}
	// Each upload showed a progress bar while it ran, ending at 100 %.
	for (const f of Object.values(files)) {
		const seen = await progressSeen(page, `Uploading ${f.name}`);
		expect(seen.length, f.name).toBeGreaterThan(0);
		expect(seen.every((v) => v >= 0 && v <= 100)).toBe(true);
	}
	expect(Math.max(...(await progressSeen(page, 'Uploading big.bin')))).toBeGreaterThan(0);

	// The gateway stored exactly these bytes.
	const stored = await storedMedia(gateway);
	expect(stored).toHaveLength(4);
	for (const f of Object.values(files)) {
		expect(stored.find((s) => s.filename === f.name)).toMatchObject({
			size: f.buffer.length,
			sha256: sha256(f.buffer)
		});
	}

	await composer(page).fill(TEXT);
	await sendButton(page).click();
	const article = userMessage(page, TEXT);
	await expect(article).toHaveAttribute('data-status', 'complete');
	const img = article.getByRole('img', { name: files.png.name });
	await expect(img).toBeVisible();
	await expect.poll(() => imageLoaded(img)).toBe(true);
	await expect(article.locator('audio')).toHaveCount(1);
	await expect(article.getByText(files.pdf.name, { exact: true })).toBeVisible();
	await expect(article.getByText(files.bin.name, { exact: true })).toBeVisible();
	// The demo agent describes what it got (v3: one message per file, so one reply per file, and
	// the measured size and length the v3 media fields require).
	const reply = replyTo(page, TEXT);
	await expect(reply).toHaveAttribute('data-status', 'complete');
	await expect(reply).toContainText('an image "pic.png" (image/png');
	const replies = messageLog(page).locator('article[data-role="assistant"]');
	if (dialect === 'v3') {
		await expect(reply).toContainText('(image/png, 12.6 KB, 96×64)');
		await expect(replies.filter({ hasText: 'a voice note' })).toContainText(', 1 s)');
		await expect(replies.filter({ hasText: '"big.bin"' })).toContainText(
			'a file "big.bin" (application/octet-stream, 5.0 MB)'
		);
	} else {
		await expect(reply).toContainText('a document "big.bin" (application/octet-stream, 5.0 MB)');
	}
	await expect(replies.and(page.locator(':not([data-status="complete"])'))).toHaveCount(0);

	// Its bytes are here (it was sent from this device): one click saves them at once. Clicked once
	// the replies are complete: a streaming reply moves the log, and a button that moves between
	// the press and the release is not clicked (as for a person).
	await reveal(page, article);
	const download = page.waitForEvent('download');
	await article.getByRole('button', { name: `Download ${files.bin.name}` }).click();
	const saved = await download;
	expect(saved.suggestedFilename()).toBe(files.bin.name);
	expect(sha256(await readFile((await saved.path())!))).toBe(sha256(files.bin.buffer));

	// Offline: the gateway is gone, the app reloads from a static server; media comes from IndexedDB.
	await gateway.kill();
	await startGateway({ port: gateway.port, token: gateway.token, staticOnly: true });
	await page.reload();
	const restored = userMessage(page, TEXT);
	const offlineImg = restored.getByRole('img', { name: files.png.name });
	// The reply below may be taller than the view: scroll up to the message, as a reader would.
	await reveal(page, restored);
	await expect(offlineImg).toBeVisible();
	await expect.poll(() => imageLoaded(offlineImg)).toBe(true);
	await expect(restored.locator('audio')).toHaveAttribute('src', /^blob:/);
	await expect(messageLog(page).getByRole('progressbar')).toHaveCount(0);
});
