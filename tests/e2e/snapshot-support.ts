/**
 * Watching the last-screen copy (static/screen-snapshot.js) from a test: an init script keeps
 * the copy's closed shadow root (it wraps `attachShadow` for the copy's host only) and records
 * what the copy showed and what the app had rendered when the copy went.
 */
import type { Page } from '@playwright/test';
import { expect, messageLog } from './fixtures';

/** localStorage key of the stored copy (src/lib/platform/screen-snapshot.ts). */
export const SNAPSHOT_KEY = 'iris.screen-snapshot';

/** What the init script saw of the copy during one page load. */
export interface SnapshotSeen {
	/** A record was stored when the page started loading. */
	stored: boolean;
	/** The host was added to the page. */
	added: boolean;
	/**
	 * The app showed its own screen first: before the copy's script ran, or before the copy's
	 * stylesheets were in. Then no copy shows, as designed (a loaded machine can be that slow).
	 */
	late: boolean;
	/** The host was revealed (`data-shown`): its stylesheets were in. */
	shown: boolean;
	/** The copy's text when it was revealed. */
	text: string;
	/** Tag names of every element in the copy when it was revealed. */
	tags: string[];
	/** The copy's markup when it was revealed. */
	html: string;
	/** `data-last-message` of the host. */
	lastMessage: string;
	/** The copy inside the host is inert (no focus, no input)... */
	inert: boolean;
	/** ...and a tap in the middle of the window lands on the host, not on the app underneath. */
	tapsHitHost: boolean;
	ariaHidden: string | null;
	/** The stylesheets the copy links. */
	links: string[];
	/** The copy went (the app took over, or it gave up). */
	removed: boolean;
	/** When it went: the app's log held the copy's newest message... */
	liveHadLast: boolean;
	/** ...and the log's distance from its end, px. */
	liveFromEnd: number;
}

/**
 * Record, on every load of `page` from now on, what the copy did (`snapshotSeen` reads it). The
 * copy's own give-up timer is disabled, so a copy that goes was removed by the app.
 */
export async function watchSnapshot(page: Page): Promise<void> {
	await page.addInitScript((key) => {
		const seen: SnapshotSeen = {
			stored: localStorage.getItem(key) !== null,
			added: false,
			late: false,
			shown: false,
			text: '',
			tags: [],
			html: '',
			lastMessage: '',
			inert: false,
			tapsHitHost: false,
			ariaHidden: null,
			links: [],
			removed: false,
			liveHadLast: false,
			liveFromEnd: NaN
		};
		(globalThis as unknown as { __snapshot: SnapshotSeen }).__snapshot = seen;
		document.addEventListener(
			'load',
			(event) => {
				const script = event.target;
				if (!(script instanceof HTMLScriptElement) || !script.src.endsWith('/screen-snapshot.js'))
					return;
				seen.late = !seen.added && document.documentElement.hasAttribute('data-screen-shown');
			},
			true
		);
		const setTimer = window.setTimeout;
		window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
			const script = document.currentScript;
			if (script instanceof HTMLScriptElement && script.src.endsWith('/screen-snapshot.js'))
				return 0;
			return setTimer(handler, ms, ...rest);
		}) as typeof window.setTimeout;
		let root: ShadowRoot | undefined;
		const attach = Element.prototype.attachShadow;
		Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
			const shadow = attach.call(this, init);
			if (this.id === 'iris-screen-snapshot') root = shadow;
			return shadow;
		};
		new MutationObserver(() => {
			const host = document.getElementById('iris-screen-snapshot');
			if (host) seen.added = true;
			if (host && root && host.hasAttribute('data-shown') && !seen.shown) {
				seen.shown = true;
				seen.text = root.textContent ?? '';
				seen.tags = Array.from(root.querySelectorAll('*'), (el) => el.localName);
				seen.html = root.innerHTML;
				seen.lastMessage = host.dataset.lastMessage ?? '';
				seen.inert = (root.lastElementChild as HTMLElement | null)?.inert ?? false;
				seen.tapsHitHost = document.elementFromPoint(innerWidth / 2, innerHeight / 2) === host;
				seen.links = Array.from(root.querySelectorAll('link'), (link) => link.href);
				seen.ariaHidden = host.getAttribute('aria-hidden');
			}
			// Removed before its stylesheets were in: the app was first (as `late`).
			if (!host && seen.added && !seen.shown) seen.late = true;
			if (!host && seen.shown && !seen.removed) {
				seen.removed = true;
				const log = document.querySelector('[role="log"]');
				const id = CSS.escape(seen.lastMessage);
				seen.liveHadLast = !!log?.querySelector(`article[data-message-id="${id}"]`);
				if (log) seen.liveFromEnd = log.scrollHeight - log.scrollTop - log.clientHeight;
			}
		}).observe(document, {
			childList: true,
			subtree: true,
			attributes: true,
			attributeFilter: ['data-shown']
		});
	}, SNAPSHOT_KEY);
}

/** What the copy did on the current load of `page`. */
export function snapshotSeen(page: Page): Promise<SnapshotSeen> {
	return page.evaluate(() => (globalThis as unknown as { __snapshot: SnapshotSeen }).__snapshot);
}

/** The stored copy's record, parsed, or null. */
export function storedSnapshot(page: Page): Promise<Record<string, unknown> | null> {
	return page.evaluate((key) => {
		const text = localStorage.getItem(key);
		return text === null ? null : (JSON.parse(text) as Record<string, unknown>);
	}, SNAPSHOT_KEY);
}

/**
 * Open `page` with `open` (after `readyForCopy`) until the copy shows, at most 3 times, and
 * return what the copy did on the last load. On a loaded machine the app can show its own screen
 * before the copy's script has run; then no copy is shown, by design (`late`), and leaving the
 * page keeps a new copy for the next try.
 */
export async function openWithCopy(
	page: Page,
	open: () => Promise<unknown>
): Promise<SnapshotSeen> {
	for (let attempt = 1; ; attempt++) {
		await readyForCopy(page);
		await open();
		await expect
			.poll(async () => {
				const seen = await snapshotSeen(page);
				return seen.removed || seen.late;
			})
			.toBe(true);
		const seen = await snapshotSeen(page);
		if (!seen.late || attempt === 3) return seen;
	}
}

/**
 * Wait until hiding `page` would keep a copy: the log shows its newest messages (at its end; a
 * loaded machine can be a frame or more behind a reply that just completed) and the device
 * remembers its default channel (set once the store names it; the copy needs it).
 */
export async function readyForCopy(page: Page): Promise<void> {
	const log = messageLog(page);
	await expect
		.poll(() => log.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop))
		.toBeLessThanOrEqual(1);
	await expect
		.poll(() => page.evaluate(() => localStorage.getItem('iris.home-chat')))
		.not.toBeNull();
}
