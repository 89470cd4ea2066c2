/**
 * Helpers for the media e2e tests: real files made in the test, the gateway's media test hooks
 * (`/__test/media/…`, gateway/media/test-hooks.ts), and a recorder of every progress bar value the
 * page rendered (an upload on loopback can finish between two polls of an assertion).
 */
import { createHash } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { makePdf, makePng, makeWav } from '../../gateway/media/samples';
import { testHookFetch } from './faults';
import type { Gateway } from './fixtures';

/** A file as `setInputFiles` takes it. */
export interface TestFile {
	name: string;
	mimeType: string;
	buffer: Buffer;
}

/** A PNG, a short WAV, a PDF and a 5 MiB binary (deterministic bytes). */
export function testFiles(): Record<'png' | 'wav' | 'pdf' | 'bin', TestFile> {
	const bin = Buffer.alloc(5 * 1024 * 1024);
	for (let i = 0; i < bin.length; i += 4) bin.writeUInt32LE((i * 2654435761) >>> 0, i);
	return {
		png: { name: 'pic.png', mimeType: 'image/png', buffer: makePng(96, 64) },
		wav: { name: 'tone.wav', mimeType: 'audio/wav', buffer: makeWav(700) },
		pdf: { name: 'doc.pdf', mimeType: 'application/pdf', buffer: makePdf('E2E document') },
		bin: { name: 'big.bin', mimeType: 'application/octet-stream', buffer: bin }
	};
}

export function sha256(buffer: Buffer): string {
	return createHash('sha256').update(buffer).digest('hex');
}

/** What the gateway holds (`GET /__test/media/list`). */
export async function storedMedia(
	gateway: Gateway
): Promise<{ media_id: string; filename?: string; size: number; sha256: string }[]> {
	const res = await testHookFetch(gateway, '/__test/media/list');
	if (!res.ok) throw new Error(`[e2e] /__test/media/list: ${res.status}`);
	return (await res.json()) as {
		media_id: string;
		filename?: string;
		size: number;
		sha256: string;
	}[];
}

/** Make the gateway cut the connection of the next upload after `bytes` bytes. */
export async function dropNextUploadAfter(gateway: Gateway, bytes: number): Promise<void> {
	const res = await testHookFetch(gateway, `/__test/media/drop-after?bytes=${bytes}`, {
		method: 'POST'
	});
	if (!res.ok) throw new Error(`[e2e] /__test/media/drop-after: ${res.status}`);
}

/** Attach files through the `Attach` button's file chooser. */
export async function attachFiles(page: Page, files: TestFile[] | string[]): Promise<void> {
	const chooser = page.waitForEvent('filechooser');
	await page.getByRole('button', { name: 'Attach', exact: true }).click();
	await (await chooser).setFiles(files);
}

/** Start recording the `aria-valuenow` of every progress bar, by accessible name. */
export async function recordProgress(page: Page): Promise<void> {
	await page.evaluate(() => {
		const seen: Record<string, number[]> = {};
		(window as unknown as { __progress: typeof seen }).__progress = seen;
		const note = (el: Element) => {
			if (el.getAttribute('role') !== 'progressbar') return;
			const name = el.getAttribute('aria-label') ?? '';
			(seen[name] ??= []).push(Number(el.getAttribute('aria-valuenow')));
		};
		new MutationObserver((records) => {
			for (const r of records) {
				if (r.type === 'attributes') note(r.target as Element);
				for (const n of r.addedNodes) {
					if (n instanceof Element) {
						note(n);
						n.querySelectorAll('[role="progressbar"]').forEach(note);
					}
				}
			}
		}).observe(document.body, {
			subtree: true,
			childList: true,
			attributes: true,
			attributeFilter: ['aria-valuenow']
		});
	});
}

/** The progress values recorded for the bar named `name`. */
export async function progressSeen(page: Page, name: string): Promise<number[]> {
	return page.evaluate(
		(name) =>
			(window as unknown as { __progress: Record<string, number[]> }).__progress[name] ?? [],
		name
	);
}

/** Whether an `img` has decoded real pixels. */
export async function imageLoaded(img: Locator): Promise<boolean> {
	return img.evaluate(
		(el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0
	);
}

/**
 * Make the agent offer a file (`POST /__test/media/offer`, gateway/media/test-hooks.ts); iris
 * only. Resolves once the gateway stored it and sent the `media.offer`.
 */
export async function offerMedia(
	gateway: Gateway,
	file: { kind: string; mime: string; filename: string; body: string | Buffer }
): Promise<void> {
	const q = new URLSearchParams({ kind: file.kind, mime: file.mime, filename: file.filename });
	const res = await testHookFetch(gateway, `/__test/media/offer?${q}`, {
		method: 'POST',
		body: typeof file.body === 'string' ? file.body : new Uint8Array(file.body)
	});
	if (!res.ok) throw new Error(`[e2e] /__test/media/offer: ${res.status}`);
}

/** Make the gateway answer the next `media.pull` with `media.pull.end{ok:false}` (iris only). */
export async function failNextPull(gateway: Gateway): Promise<void> {
	const res = await testHookFetch(gateway, '/__test/media/fail-next-pull', { method: 'POST' });
	if (!res.ok) throw new Error(`[e2e] /__test/media/fail-next-pull: ${res.status}`);
}

/**
 * The `media_id`s whose bytes the app keeps (IndexedDB `iris`, store `media_blobs`), read with
 * the raw API; [] when the database or store does not exist.
 */
export async function storedBlobIds(page: Page): Promise<string[]> {
	return page.evaluate(
		() =>
			new Promise<string[]>((resolve, reject) => {
				const open = indexedDB.open('iris');
				let missing = false;
				open.onupgradeneeded = () => {
					missing = true;
					open.transaction?.abort();
				};
				open.onerror = () => (missing ? resolve([]) : reject(new Error(String(open.error))));
				open.onsuccess = () => {
					const db = open.result;
					if (!db.objectStoreNames.contains('media_blobs')) {
						db.close();
						resolve([]);
						return;
					}
					const keys = db.transaction('media_blobs').objectStore('media_blobs').getAllKeys();
					keys.onsuccess = () => {
						db.close();
						resolve((keys.result as string[]).sort());
					};
					keys.onerror = () => {
						db.close();
						reject(new Error(String(keys.error)));
					};
				};
			})
	);
}
