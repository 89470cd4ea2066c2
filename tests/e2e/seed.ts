/**
 * Seed the app's IndexedDB directly (long-conversation tests and `npm run bench`): far faster
 * than streaming thousands of messages through a gateway.
 */
import type { Page } from '@playwright/test';

/** One message to seed as given (instead of the generated ones). */
export interface SeedRow {
	role: 'user' | 'assistant' | 'system' | 'cron';
	text: string;
	/** Epoch ms. */
	ts: number;
}

/**
 * One channel to seed: `count` complete messages, alternating user / assistant, a second apart
 * from 1 Jan 2026; or, with `rows`, those (oldest first; `count` is then their number).
 */
export interface SeedChannel {
	chat_id: string;
	name: string;
	count: number;
	rows?: SeedRow[];
}

/**
 * Write channels and messages straight into the app's IndexedDB (`iris`, created by the app
 * already), in large transactions. Message ids are `seed-<chat_id>-<i>`, oldest first.
 */
export async function seedStore(page: Page, channels: SeedChannel[]): Promise<void> {
	await page.evaluate(async (channels) => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const open = indexedDB.open('iris');
			open.onsuccess = () => resolve(open.result);
			open.onerror = () => reject(open.error);
		});
		const done = (tx: IDBTransaction) =>
			new Promise<void>((resolve, reject) => {
				tx.oncomplete = () => resolve();
				tx.onerror = () => reject(tx.error);
			});
		const base = Date.UTC(2026, 0, 1);
		for (const [position, c] of channels.entries()) {
			const tx = db.transaction('channels', 'readwrite');
			tx.objectStore('channels').put({
				chat_id: c.chat_id,
				name: c.name,
				kind: 'channel',
				position: 1000 + position
			});
			await done(tx);
			const BATCH = 5000;
			for (let start = 0; start < c.count; start += BATCH) {
				const tx = db.transaction('messages', 'readwrite');
				const store = tx.objectStore('messages');
				for (let i = start; i < Math.min(c.count, start + BATCH); i++) {
					const assistant = i % 2 === 1;
					store.put({
						message_id: `seed-${c.chat_id}-${i}`,
						chat_id: c.chat_id,
						role: assistant ? 'assistant' : 'user',
						text: assistant
							? `Answer **${i}** with a list:\n\n- one\n- two\n\nand \`code\` to read.`
							: `Question number ${i} about the project?`,
						ts: base + i * 1000,
						status: 'complete',
						...c.rows?.[i]
					});
				}
				await done(tx);
			}
		}
		db.close();
	}, channels);
}
