/**
 * Your history (Settings): export the store as a zip, import it into a fresh browser profile
 * paired with another gateway. The copy equals the original (ids, texts, media bytes), a second
 * import adds nothing, and the import sends nothing to the gateway.
 */
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import type { MessageRow } from '../../src/lib/db/schema';
import {
	channelAction,
	composer,
	connectionStatus,
	expect,
	messageLog,
	pairViaLink,
	readMessageRows,
	sendButton,
	sendMessage,
	startsWith,
	test,
	userMessage
} from './fixtures';
import { hook } from './faults';
import { attachFiles, sha256, testFiles } from './media-support';

test.use({ gatewayOptions: { stepMs: 1 } });

/** Every stored media blob of the page's store (`iris`), as sha256 by `media_id`. */
async function mediaHashes(page: Page): Promise<Record<string, string>> {
	const blobs = await page.evaluate(
		() =>
			new Promise<Record<string, number[]>>((resolve, reject) => {
				const open = indexedDB.open('iris');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const db = open.result;
					const request = db.transaction('media_blobs').objectStore('media_blobs').getAll();
					request.onerror = () => reject(request.error);
					request.onsuccess = async () => {
						const out: Record<string, number[]> = {};
						for (const row of request.result as { media_id: string; blob: Blob }[])
							out[row.media_id] = [...new Uint8Array(await row.blob.arrayBuffer())];
						db.close();
						resolve(out);
					};
				};
			})
	);
	return Object.fromEntries(
		Object.entries(blobs).map(([id, bytes]) => [id, sha256(Buffer.from(bytes))])
	);
}

/** Settings › Your history: export with `format`, returns the downloaded zip's files. */
async function exportZip(page: Page, format: 'Markdown' | 'JSON') {
	const section = page.getByRole('region', { name: 'Your history' });
	await section.getByRole('radio', { name: new RegExp(`^${format}`) }).check();
	const download = page.waitForEvent('download');
	await section.getByRole('button', { name: 'Export', exact: true }).click();
	const saved = await download;
	await expect(section.getByRole('status')).toHaveText(/^Saved iris-.*\.zip: \d+ messages/);
	const path = (await saved.path())!;
	return { path, name: saved.suggestedFilename(), files: unzipSync(await readFile(path)) };
}

/** Settings › Your history › Import… with the file at `path`; resolves with the result text. */
async function importZip(page: Page, path: string): Promise<string> {
	const section = page.getByRole('region', { name: 'Your history' });
	const chooser = page.waitForEvent('filechooser');
	await section.getByRole('button', { name: 'Import…', exact: true }).click();
	await (await chooser).setFiles(path);
	const status = section.getByRole('status');
	await expect(status).toHaveText(/^(Imported|Import failed)/);
	return (await status.textContent()) ?? '';
}

const withoutMark = ({ origin: _origin, ...row }: MessageRow) => row;

test('export as JSON, import into a fresh profile: equal, once, nothing sent', async ({
	page,
	browser,
	gateway,
	startGateway
}) => {
	const png = testFiles().png;
	await pairViaLink(page, gateway);
	await sendMessage(page, 'History to take along');
	await attachFiles(page, [png]);
	await composer(page).fill('With a picture');
	await sendButton(page).click();
	const pictured = userMessage(page, 'With a picture');
	await expect(pictured).toHaveAttribute('data-status', 'complete');
	await expect(pictured.getByRole('img', { name: png.name })).toBeVisible();
	// Both answers finished: the rows read now are the ones exported (not a reply mid-stream).
	await expect
		.poll(async () => {
			const answers = (await readMessageRows(page)).filter((r) => r.role === 'assistant');
			return answers.length >= 2 && answers.every((r) => r.status === 'complete');
		})
		.toBe(true);
	const original = (await readMessageRows(page)).filter((r) => !r.message_id.startsWith('local:'));
	expect(original.length).toBeGreaterThanOrEqual(3);
	const originalMedia = await mediaHashes(page);
	expect(Object.values(originalMedia)).toContain(sha256(png.buffer));

	// The header's menu opens the section with this channel chosen; Markdown is readable.
	await channelAction(page, 'Export channel…');
	await expect(page.getByRole('combobox', { name: 'What to export' })).not.toHaveValue('');
	const md = await exportZip(page, 'Markdown');
	const texts = Object.entries(md.files)
		.filter(([name]) => name.endsWith('.md'))
		.map(([, bytes]) => strFromU8(bytes))
		.join('\n');
	expect(texts).toContain('History to take along');
	expect(texts).toContain(`![${png.name}](media/`);
	expect(Object.keys(md.files).some((name) => name.startsWith('media/'))).toBe(true);

	await page
		.getByRole('combobox', { name: 'What to export' })
		.selectOption({ label: 'Everything' });
	const json = await exportZip(page, 'JSON');
	expect(Object.keys(json.files)).toContain('iris-export.json');

	// Another browser profile, paired with another (empty) gateway.
	const other = await startGateway();
	const context = await browser.newContext();
	const fresh = await context.newPage();
	await pairViaLink(fresh, other);
	await fresh.getByRole('link', { name: 'Settings', exact: true }).click();
	const before = other.received().length;

	const ids = original.map((r) => r.message_id);
	expect(await importZip(fresh, json.path)).toBe(
		`Imported ${original.length} messages in 1 channel; 0 already here`
	);
	const copied = new Map((await readMessageRows(fresh)).map((r) => [r.message_id, r]));
	for (const row of original) {
		expect(copied.get(row.message_id)?.origin).toBe('import');
		expect(withoutMark(copied.get(row.message_id)!)).toEqual(withoutMark(row));
	}
	const copiedMedia = await mediaHashes(fresh);
	for (const row of original)
		for (const ref of row.media ?? [])
			if (originalMedia[ref.media_id])
				expect(copiedMedia[ref.media_id], ref.media_id).toBe(originalMedia[ref.media_id]);
	expect(Object.values(copiedMedia)).toContain(sha256(png.buffer));

	// Again: nothing new.
	expect(await importZip(fresh, json.path)).toBe(
		`Imported 0 messages in 0 channels; ${original.length} already here`
	);
	expect((await readMessageRows(fresh)).filter((r) => ids.includes(r.message_id))).toHaveLength(
		ids.length
	);

	// The gateway got nothing from either import: no message, no media, no imported text.
	const after = other.received().slice(before);
	expect(after.filter((f) => f.type === 'message.send' || f.type.startsWith('media.'))).toEqual([]);
	expect(JSON.stringify(after)).not.toContain('History to take along');
	await context.close();
});

test('a file that is not an export is refused with nothing written', async ({ page, gateway }) => {
	await pairViaLink(page, gateway);
	await page.getByRole('link', { name: 'Settings', exact: true }).click();
	const rows = (await readMessageRows(page)).length;
	const section = page.getByRole('region', { name: 'Your history' });
	const chooser = page.waitForEvent('filechooser');
	await section.getByRole('button', { name: 'Import…', exact: true }).click();
	await (
		await chooser
	).setFiles({ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('hello') });
	await expect(section.getByRole('status')).toHaveText(/^Import failed: not a zip file/);
	expect((await readMessageRows(page)).length).toBe(rows);
});

/** The messages of a JSON export, all channels together. */
function exportedMessages(files: Record<string, Uint8Array>): { text: string }[] {
	return Object.entries(files)
		.filter(([name]) => name.startsWith('messages/'))
		.flatMap(
			([, bytes]) => (JSON.parse(strFromU8(bytes)) as { messages: { text: string }[] }).messages
		);
}

test('Everything is the whole history: the gateway is asked for it first, once the link is open; without the gateway, what is stored, and it says so', async ({
	page,
	gateway
}) => {
	const total = 260;
	await pairViaLink(page, gateway);
	// Seeded on the gateway only: this device stores none of them until it asks for them.
	await sendMessage(page, `/demo history ${total}`);
	await expect(messageLog(page).getByText('Beginning of the conversation')).toBeVisible();
	const stored = (await readMessageRows(page)).length;
	expect(stored).toBeLessThan(total);

	// Settings opened afresh, the gateway slow to answer: Export waits for the link, not as if
	// offline.
	await hook(gateway, 'delay', { ms: 6_000 });
	await page.goto(`${gateway.httpUrl}/settings`);
	await expect(connectionStatus(page)).toHaveText(startsWith('Connecting'));
	const section = page.getByRole('region', { name: 'Your history' });
	await section.getByRole('radio', { name: /^JSON/ }).check();
	const download = page.waitForEvent('download');
	await section.getByRole('button', { name: 'Export', exact: true }).click();
	await expect(section.getByRole('status')).toHaveText('Connecting to the gateway…');
	await expect(connectionStatus(page)).toHaveText(startsWith('Connecting'));
	await hook(gateway, 'delay', { ms: 0 });
	const saved = await download;
	const zip = unzipSync(await readFile((await saved.path())!));
	const texts = exportedMessages(zip).map((m) => m.text);
	expect(texts).toContain(`Old message 1 of ${total}`);
	expect(texts).toContain(`Old message ${total} of ${total}`);
	expect(texts.length).toBe(total + 1);
	await expect(section.getByRole('status')).toHaveText(
		`Saved ${saved.suggestedFilename()}: ${total + 1} messages from 1 channel`
	);

	// Offline: what this device holds now, at once, and a line that says so.
	await page.context().setOffline(true);
	const offline = await exportZip(page, 'JSON');
	expect(exportedMessages(offline.files).length).toBe(total + 1);
	await expect(section.getByRole('status')).toContainText(
		'It holds only what this device stores: the history could not all be fetched from the gateway.'
	);
});
