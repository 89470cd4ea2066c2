/**
 * The last screen, kept for the next start (doc/architecture.md "Last-screen snapshot"): when
 * the page is hidden or closed on a conversation that shows its newest messages, a copy of the
 * chat screen's markup is stored in localStorage; `static/screen-snapshot.js` shows it, inert,
 * the moment the app opens again, and the app removes it once it has rendered the conversation
 * itself (`dismissScreenSnapshot`). The record lives only while no page shows the app: a page
 * that is shown again removes it, so a crash never brings back an old screen.
 *
 * The copy is made from the app's own DOM (markdown already sanitised by DOMPurify); what could
 * load or run anything is replaced or dropped here, and again by the script that shows it.
 */

/** localStorage key of the record (static/screen-snapshot.js reads the same key). */
export const SCREEN_SNAPSHOT_KEY = 'iris.screen-snapshot';

/** The id of the element that shows the copy (static/screen-snapshot.js creates it). */
export const SCREEN_SNAPSHOT_HOST_ID = 'iris-screen-snapshot';

/**
 * Set on `<html>` once the app shows a screen of its own: the script that shows the copy, if it
 * runs that late (a reload that bypassed the service worker), then shows nothing.
 */
export const SCREEN_SHOWN_ATTRIBUTE = 'data-screen-shown';

/** Records longer than this (UTF-16 code units) are not stored: a screen is far smaller. */
const MAX_CHARS = 1_500_000;

/** A log within this many px of its end counts as showing the newest messages. */
const END_SLACK_PX = 4;

/** Replaced by an empty box of their size: they load, play or draw (blob: URLs die with the page). */
const MEDIA = 'img,picture,video,audio,canvas,iframe,object,embed';

/** Dropped: closed-by-default or transient UI the next start does not show. */
const TRANSIENT = 'script,style,link,template,dialog,[popover]';

/** What the stored record holds (static/screen-snapshot.js checks each field). */
export interface ScreenSnapshotRecord {
	v: 1;
	/** The conversation's path (`location.pathname`) when it was taken. */
	path: string;
	/** The app's `/` (with its base path): shown there too when `/` opens `chat_id`. */
	home: string;
	/** The conversation shown (the protocol's `chat_id`). */
	chat_id: string;
	/** `innerWidth` / `innerHeight` when taken, CSS px: another viewport gets no copy. */
	width: number;
	height: number;
	/**
	 * The screen's markup: the shell element's outer HTML; scroll offsets as `data-snapshot-top`
	 * and `-left`, the log (at its end) as `data-snapshot-end`.
	 */
	html: string;
	/** Same-origin stylesheets of the page (absolute URLs): also tell which build made the copy. */
	styles: string[];
	/** The newest message shown (`data-message-id`), if any. */
	last?: string;
	/** `<html>` attributes the layout depends on: `data-text-size`, `lang`, `dir`. */
	textSize?: string;
	lang?: string;
	dir?: string;
}

/** What to copy: the chat screen, its message log and where it is (see `ChatScreen`). */
export interface ScreenSnapshotSource extends ChatScreen {
	/** The whole screen (the layout's shell). */
	root: Element;
	/** The message log's scroller (`role="log"`). */
	log: Element;
}

/**
 * Copy `source` into a record, or null when the log is not at its end (a reader in the middle
 * of history would see the copy jump when the app opens at the newest messages). Reads layout
 * (scroll offsets, media sizes): cheap on a page that is being hidden, whose layout is clean.
 */
export function captureScreenSnapshot(source: ScreenSnapshotSource): ScreenSnapshotRecord | null {
	const { root, log } = source;
	if (log.scrollHeight - log.scrollTop - log.clientHeight > END_SLACK_PX) return null;
	const copy = root.cloneNode(true) as Element;
	const originals = [root, ...root.querySelectorAll('*')];
	const copies = [copy, ...copy.querySelectorAll('*')];
	const view = root.ownerDocument.defaultView;
	originals.forEach((original, i) => {
		const el = copies[i];
		if (!el) return;
		if (original === log) el.setAttribute('data-snapshot-end', '');
		else if (original.scrollTop > 0)
			el.setAttribute('data-snapshot-top', String(original.scrollTop));
		if (original.scrollLeft > 0) el.setAttribute('data-snapshot-left', String(original.scrollLeft));
		if (original instanceof HTMLTextAreaElement) el.textContent = original.value;
		else if (original instanceof HTMLInputElement) copyInput(original, el);
		else if (original instanceof HTMLOptionElement)
			el.toggleAttribute('selected', original.selected);
		else if (original.matches(MEDIA)) el.replaceWith(placeholder(original, view));
	});
	for (const el of copy.querySelectorAll(TRANSIENT)) el.remove();
	const copiedLog = copy.querySelector('[data-snapshot-end]');
	if (copiedLog) flowRows(copiedLog);
	for (const el of [copy, ...copy.querySelectorAll('*')])
		for (const { name } of Array.from(el.attributes))
			if (name.toLowerCase().startsWith('on') || name === 'autofocus') el.removeAttribute(name);
	const html = copy.outerHTML;
	if (html.length > MAX_CHARS) return null;
	const doc = root.ownerDocument;
	const origin = view?.location.origin;
	const styles = Array.from(doc.styleSheets, (s) => s.href).filter(
		(href): href is string => !!href && new URL(href).origin === origin
	);
	const articles = log.querySelectorAll('article[data-message-id]');
	const last = articles[articles.length - 1]?.getAttribute('data-message-id') ?? undefined;
	const { dataset, lang, dir } = doc.documentElement;
	return {
		v: 1,
		path: source.path,
		home: source.home,
		chat_id: source.chat_id,
		width: view?.innerWidth ?? 0,
		height: view?.innerHeight ?? 0,
		html,
		styles,
		...(last ? { last } : {}),
		...(dataset.textSize ? { textSize: dataset.textSize } : {}),
		...(lang ? { lang } : {}),
		...(dir ? { dir } : {})
	};
}

/**
 * The log's rows in normal flow, in their order: the virtualizer places each at a `top` it
 * measured, and a copy laid out at the next start can differ from those measures (rows then
 * overlapped on a phone). In flow they cannot overlap, and the log, shown at its end, still ends
 * with the newest message.
 */
function flowRows(log: Element): void {
	for (const row of log.querySelectorAll<HTMLElement>('[style*="position: absolute"]')) {
		row.style.position = 'relative';
		row.style.top = '';
		const list = row.parentElement;
		if (list) {
			list.style.height = '';
			list.style.contain = '';
		}
	}
}

/** What `input` shows, as attributes of its copy: never a password or a hidden value. */
function copyInput(input: HTMLInputElement, copy: Element): void {
	if (input.type === 'checkbox' || input.type === 'radio')
		copy.toggleAttribute('checked', input.checked);
	else if (input.type === 'password' || input.type === 'hidden') copy.removeAttribute('value');
	else copy.setAttribute('value', input.value);
}

/** An empty box the size `media` has on screen (inline media stay inline). */
function placeholder(media: Element, view: Window | null): Element {
	const box = media.ownerDocument.createElement('span');
	const { width, height } = media.getBoundingClientRect();
	const display = view?.getComputedStyle(media).display ?? 'inline';
	box.setAttribute(
		'style',
		`display:${display === 'inline' ? 'inline-block' : display};width:${width}px;height:${height}px`
	);
	return box;
}

/** Store `record` (null: remove the stored one). Storage errors only lose the copy. */
export function storeScreenSnapshot(record: ScreenSnapshotRecord | null): void {
	try {
		if (record) localStorage.setItem(SCREEN_SNAPSHOT_KEY, JSON.stringify(record));
		else localStorage.removeItem(SCREEN_SNAPSHOT_KEY);
	} catch (e) {
		console.warn('[snapshot] could not store the last screen', e);
		clearScreenSnapshot();
	}
}

/** Forget the stored copy (pairing changed, signed out, the page is shown again). */
export function clearScreenSnapshot(): void {
	try {
		localStorage.removeItem(SCREEN_SNAPSHOT_KEY);
	} catch {
		// Storage blocked: nothing was stored either.
	}
}

/** Frames the log must keep its end and its height before the copy goes... */
const SETTLED_FRAMES = 2;
/** ...but no more frames than this (a log that keeps growing: an answer streaming in). */
const MAX_FRAMES = 60;

/**
 * Remove the copy shown at start once the app's message log (`[data-snapshot-root]
 * [role="log"]`) has settled at its end: its first frames still measure rows and scroll to the
 * end, and the copy hides them. Checked once per animation frame; nothing while hidden (the
 * script that shows the copy removes it after a while anyway).
 */
export function dismissScreenSnapshotWhenSettled(): void {
	if (!document.getElementById(SCREEN_SNAPSHOT_HOST_ID)) return dismissScreenSnapshot();
	let frames = 0;
	let stable = 0;
	let height = -1;
	const check = () => {
		const log = document.querySelector('[data-snapshot-root] [role="log"]');
		const atEnd = !log || log.scrollHeight - log.scrollTop - log.clientHeight <= END_SLACK_PX;
		stable = atEnd && log?.scrollHeight === height ? stable + 1 : 0;
		height = log?.scrollHeight ?? 0;
		if (stable >= SETTLED_FRAMES || ++frames >= MAX_FRAMES) dismissScreenSnapshot();
		else requestAnimationFrame(check);
	};
	requestAnimationFrame(check);
}

/**
 * Remove the copy shown at start, if it is still there, and keep a copy from being shown later:
 * the app shows a screen of its own now.
 */
export function dismissScreenSnapshot(): void {
	document.documentElement.setAttribute(SCREEN_SHOWN_ATTRIBUTE, '');
	document.getElementById(SCREEN_SNAPSHOT_HOST_ID)?.remove();
}

/** Where the conversation on screen is. */
export interface ChatScreen {
	/** The conversation (the protocol's `chat_id`). */
	chat_id: string;
	/** Its path (`location.pathname`). */
	path: string;
	/** The app's `/`, with its base path. */
	home: string;
}

/**
 * Keep a copy of the chat screen whenever the page is hidden or closed (`visibilitychange` to
 * hidden, `pagehide`), if `screen` then names the conversation shown (null: its messages are not
 * loaded, or a search jump shows an older one: no copy, and none kept). The screen is the
 * element marked `data-snapshot-root`, its log the `role="log"` inside. A page shown again
 * removes the copy. Returns a function that stops watching and removes the copy shown at start.
 */
export function watchScreenSnapshot(screen: () => ChatScreen | null): () => void {
	const keep = () => {
		try {
			const at = screen();
			const root = document.querySelector('[data-snapshot-root]');
			const log = root?.querySelector('[role="log"]');
			storeScreenSnapshot(at && root && log ? captureScreenSnapshot({ ...at, root, log }) : null);
		} catch (e) {
			console.warn('[snapshot] could not copy the last screen', e);
			clearScreenSnapshot();
		}
	};
	const visibility = () => {
		if (document.visibilityState === 'hidden') keep();
		else clearScreenSnapshot();
	};
	document.addEventListener('visibilitychange', visibility);
	window.addEventListener('pagehide', keep);
	window.addEventListener('pageshow', clearScreenSnapshot);
	return () => {
		document.removeEventListener('visibilitychange', visibility);
		window.removeEventListener('pagehide', keep);
		window.removeEventListener('pageshow', clearScreenSnapshot);
		dismissScreenSnapshot();
	};
}
