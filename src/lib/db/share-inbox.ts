/**
 * What another app shared into the installed app (Web Share Target, manifest `share_target`),
 * kept between the share's POST — answered by the service worker, which has no window to put it
 * in — and the share page, where the user picks the channel it goes to.
 *
 * One share waits at a time (a new one replaces an unfinished one). It is kept in Cache Storage
 * under its own cache, never in a cache any fetch route reads: the shared files are stored
 * bytes, never served on our origin (doc/security.md). Everything here works from the service
 * worker and from the page.
 */

/** The cache that holds the waiting share (nothing else uses it). */
export const SHARE_CACHE = 'iris-share';

/**
 * The manifest's `share_target.params` names, which the share's form fields carry. Files come
 * as any number of `files` fields.
 */
export const SHARE_FIELDS = { title: 'title', text: 'text', url: 'url', files: 'files' } as const;

/** Cache keys: not routes of the app (no fetch handler reads `SHARE_CACHE`). */
const META_KEY = '/__share__/shared.json';
const fileKey = (index: number) => `/__share__/file/${index}`;

/** A waiting share's words and the description of its files, as stored. */
interface SharedMeta {
	title: string;
	text: string;
	url: string;
	files: { name: string; type: string }[];
	/** When it was shared, epoch ms. */
	ts: number;
}

/** A share as the share page reads it back. */
export interface SharedContent {
	title: string;
	text: string;
	url: string;
	files: File[];
	/** When it was shared, epoch ms. */
	ts: number;
}

const field = (form: FormData, name: string): string => {
	const value = form.get(name);
	return typeof value === 'string' ? value : '';
};

/**
 * Keep a share's form data (`multipart/form-data` with the `SHARE_FIELDS`) as the waiting share,
 * replacing any earlier one. `origin` is the app's origin (the cache keys' base).
 *
 * @throws what Cache Storage throws (quota exceeded, storage unavailable).
 */
export async function keepShare(
	caches: CacheStorage,
	origin: string,
	form: FormData
): Promise<void> {
	const files = form
		.getAll(SHARE_FIELDS.files)
		// A share without files still carries one nameless, empty file part: not a file.
		.filter(
			(value): value is File => typeof value !== 'string' && (value.name !== '' || value.size > 0)
		);
	const meta: SharedMeta = {
		title: field(form, SHARE_FIELDS.title),
		text: field(form, SHARE_FIELDS.text),
		url: field(form, SHARE_FIELDS.url),
		files: files.map((f) => ({ name: f.name, type: f.type })),
		ts: Date.now()
	};
	await caches.delete(SHARE_CACHE);
	const cache = await caches.open(SHARE_CACHE);
	for (const [index, file] of files.entries())
		await cache.put(new URL(fileKey(index), origin).href, new Response(file));
	// The description last: a share whose files could not all be stored is not found half-kept.
	await cache.put(
		new URL(META_KEY, origin).href,
		new Response(JSON.stringify(meta), { headers: { 'Content-Type': 'application/json' } })
	);
}

/**
 * The waiting share, or null when there is none (or what is stored cannot be read: it is then
 * dropped, so a broken share does not come back on every visit).
 */
export async function readShare(
	caches: CacheStorage,
	origin: string
): Promise<SharedContent | null> {
	if (!(await caches.has(SHARE_CACHE))) return null;
	const cache = await caches.open(SHARE_CACHE);
	try {
		const stored = await cache.match(new URL(META_KEY, origin).href);
		if (!stored) return null;
		const meta = (await stored.json()) as SharedMeta;
		const files: File[] = [];
		for (const [index, { name, type }] of meta.files.entries()) {
			const body = await cache.match(new URL(fileKey(index), origin).href);
			if (!body) throw new Error(`shared file ${index} (${name}) is missing`);
			files.push(new File([await body.blob()], name, { type }));
		}
		return { title: meta.title, text: meta.text, url: meta.url, files, ts: meta.ts };
	} catch (e) {
		console.warn('[share] the waiting share cannot be read; dropped', e);
		await dropShare(caches);
		return null;
	}
}

/** Forget the waiting share (taken into a channel, or discarded). */
export async function dropShare(caches: CacheStorage): Promise<void> {
	await caches.delete(SHARE_CACHE);
}

/**
 * The text a share puts in the composer: the title (an article's headline; left out when the
 * text already says it, or it is only the link), the text under it, then the link on a line of
 * its own unless the text already contains it.
 */
export function sharedText({
	title,
	text,
	url
}: {
	title: string;
	text: string;
	url: string;
}): string {
	const [head, body, link] = [title.trim(), text.trim(), url.trim()];
	const parts: string[] = [];
	if (head && head !== link && !body.includes(head)) parts.push(head);
	if (body) parts.push(body);
	const words = parts.join('\n\n');
	if (!link || body.includes(link)) return words;
	return words ? `${words}\n${link}` : link;
}
