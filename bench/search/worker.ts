/**
 * Bench scenario Q, worker side: ingest the corpus through the app's own `applyFrames` (with or
 * without the search indexer) into a fresh database, answer queries with the indexer, and run the
 * `filter()` full-scan baseline over the same store. Messages: `{cmd, …}` in, `{ok, …}` out.
 */
import { applyFrames, noChanges } from '../../src/lib/db/apply';
import { IrisDB } from '../../src/lib/db/schema';
import type { ServerFrame } from '../../src/lib/protocol/iris/frames';
import { SearchIndexer } from '../../src/lib/connection/search-indexer';
import { corpus } from './corpus';

/** Messages per `history` frame, and frames per applied batch (one transaction). */
const PAGE = 200;

let db: IrisDB | null = null;
let indexer: SearchIndexer | null = null;
let texts: { text: string; chat_id: string }[] = [];

function frames(count: number): ServerFrame[] {
	const out: ServerFrame[] = [];
	corpus(count).forEach((messages, c) => {
		for (let i = 0; i < messages.length; i += PAGE) {
			out.push({
				v: 1,
				type: 'history',
				chat_id: `c${c}`,
				payload: { messages: messages.slice(i, i + PAGE), has_more: false }
			});
		}
	});
	// Interleave channels the way pages and live traffic arrive: by time, not channel by channel.
	return out.sort((a, b) => firstTs(a) - firstTs(b));
}
const firstTs = (f: ServerFrame) => (f.type === 'history' ? (f.payload.messages[0]?.ts ?? 0) : 0);

async function ingest(count: number, withIndex: boolean, name: string): Promise<number> {
	db?.close();
	db = new IrisDB(name);
	await db.delete();
	db = new IrisDB(name);
	await db.open();
	indexer = withIndex ? new SearchIndexer({ db, onProgress: () => {}, log: () => {} }) : null;
	await indexer?.idle();
	const all = frames(count);
	const t0 = performance.now();
	for (const frame of all) {
		const changes = noChanges();
		await applyFrames(db, [frame], { defaultChatId: 'c0', now: 0, changes });
		if (indexer) void indexer.apply(changes);
	}
	await indexer?.idle();
	return performance.now() - t0;
}

type Query = { words: string[]; prefix?: boolean };

async function scan(q: Query): Promise<{ ms: number; hits: number }> {
	const t0 = performance.now();
	const words = q.words.map((w) => w.toLowerCase());
	const rows = await db!.messages
		.filter((m) => {
			const t = m.text.toLowerCase();
			return words.every((w) => t.includes(w));
		})
		.toArray();
	rows.sort((a, b) => b.ts - a.ts);
	return { ms: performance.now() - t0, hits: rows.length };
}

async function scanMemory(q: Query): Promise<{ ms: number; hits: number }> {
	if (texts.length === 0) {
		texts = (await db!.messages.toArray()).map((m) => ({ text: m.text, chat_id: m.chat_id }));
	}
	const t0 = performance.now();
	const words = q.words.map((w) => w.toLowerCase());
	const hits = texts.filter((m) => {
		const t = m.text.toLowerCase();
		return words.every((w) => t.includes(w));
	});
	return { ms: performance.now() - t0, hits: hits.length };
}

addEventListener('message', async (e: MessageEvent) => {
	const { cmd, id } = e.data as { cmd: string; id: number };
	try {
		let result: unknown;
		if (cmd === 'ingest') {
			const { count, withIndex, name } = e.data as {
				count: number;
				withIndex: boolean;
				name: string;
			};
			texts = [];
			result = { ms: await ingest(count, withIndex, name) };
		} else if (cmd === 'search') {
			const { query } = e.data as { query: string };
			const r = await indexer!.search({ query, limit: 50 });
			result = { hits: r.hits.length, total: r.total };
		} else if (cmd === 'scan') {
			result = await scan((e.data as { q: Query }).q);
		} else if (cmd === 'scanMemory') {
			result = await scanMemory((e.data as { q: Query }).q);
		} else if (cmd === 'stats') {
			result = {
				segments: await db!.search_segments.count(),
				messages: await db!.messages.count()
			};
		}
		postMessage({ id, ok: true, result });
	} catch (err) {
		postMessage({ id, ok: false, error: String((err as Error)?.stack ?? err) });
	}
});
