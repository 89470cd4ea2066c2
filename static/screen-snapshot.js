// @ts-check
/**
 * The last screen, shown the moment the app opens (doc/architecture.md "Last-screen snapshot").
 *
 * When the app's page is hidden or closed on a conversation, it stores a copy of what it showed
 * (src/lib/platform/screen-snapshot.ts). This script, loaded early by index.html (`async`: it
 * normally runs long before the app's modules), shows that copy over the page until the app has
 * rendered the same conversation underneath; the app then removes it (or this script does after
 * `GIVE_UP_MS`). The copy is a picture, not the app: it sits in a closed shadow root on an
 * `aria-hidden` host that swallows taps, under an `inert` wrapper, so it takes no input and no
 * focus and is not read out; and nothing in it runs or loads: it is parsed in a `<template>`
 * (inert), every element and attribute that could load or run something is dropped, and only
 * the app's own stylesheets are linked. It is shown only where it belongs: the same conversation
 * (its path, or `/` when `/` opens it), no search jump, still paired, the same window size, text
 * size, language and build (its stylesheets are this page's). It is read once: the record is
 * removed here, shown or not.
 *
 * A classic script with no imports (it must not wait for the module graph); the names it shares
 * with the app are kept equal by tests/unit/screen-snapshot-restore.test.ts.
 */
(() => {
	const KEY = 'iris.screen-snapshot';
	const HOME_KEY = 'iris.home-chat';
	const THEME_KEY = 'iris.theme';
	const TEXT_SIZE_KEY = 'iris.text-size';
	const LOCALE_KEY = 'iris.locale';
	const HOST_ID = 'iris-screen-snapshot';
	/** Set on `<html>` once the app shows its own screen: a copy would then only hide it. */
	const APP_SHOWN = 'data-screen-shown';
	/**
	 * The app takes over within ~0.6 s here, ~2.3 s at ×4 CPU throttling; past this the copy goes
	 * anyway (the app failed to start, or shows something else), ms.
	 */
	const GIVE_UP_MS = 5000;
	/** The app's stylesheets: hashed build files, nothing else (no `/api`, no `blob:`). */
	const APP_STYLESHEET = /\/_app\/immutable\/assets\/[\w.-]+\.css$/;
	/** Attribute values that could make CSS or SVG load something (escapes could hide a `url(`). */
	const LOADS = /url\s*\(|image(-set)?\s*\(|src\s*\(|\\/i;
	/** Elements that load, run or embed something, or that the app never shows at start. */
	const DROP =
		'script,style,link,meta,base,iframe,frame,frameset,object,embed,img,picture,source,' +
		'video,audio,track,canvas,dialog,template,slot,portal,image,use,feImage,foreignObject,' +
		'animate,animateMotion,animateTransform,set,[popover]';
	/** Attributes that load or run something (`on*` handlers are dropped by prefix). */
	const UNSAFE = new Set([
		'src',
		'srcset',
		'action',
		'formaction',
		'autofocus',
		'ping',
		'background',
		'poster',
		'data',
		'xlink:href'
	]);

	/** @param {string} key @returns {string | null} a localStorage item (null: none, or blocked). */
	function stored(key) {
		try {
			return localStorage.getItem(key);
		} catch {
			return null;
		}
	}

	/** @returns {unknown} the stored record, removed from storage; undefined if none. */
	function take() {
		try {
			const text = localStorage.getItem(KEY);
			if (text === null) return undefined;
			localStorage.removeItem(KEY);
			return JSON.parse(text);
		} catch {
			return undefined;
		}
	}

	/**
	 * @param {unknown} value
	 * @returns {value is {v: 1, path: string, home: string, chat_id: string, width: number,
	 *   height: number, html: string, styles: string[], last?: string, textSize?: string,
	 *   lang?: string, dir?: string}} whether `value` is a record this script can show (see
	 *   src/lib/platform/screen-snapshot.ts `ScreenSnapshotRecord`)
	 */
	function isRecord(value) {
		if (typeof value !== 'object' || value === null) return false;
		const r = /** @type {Record<string, unknown>} */ (value);
		return (
			r.v === 1 &&
			typeof r.path === 'string' &&
			typeof r.home === 'string' &&
			typeof r.chat_id === 'string' &&
			typeof r.width === 'number' &&
			typeof r.height === 'number' &&
			typeof r.html === 'string' &&
			Array.isArray(r.styles) &&
			r.styles.length > 0 &&
			r.styles.every((s) => typeof s === 'string')
		);
	}

	/**
	 * Whether this page opens the conversation the copy shows, as the device is set up now: its
	 * path (or `/`, which opens the remembered default channel), no search jump, still paired
	 * (the remembered default channel goes when unpairing), the same text size and language.
	 * @param {{path: string, home: string, chat_id: string, textSize?: string, lang?: string}} r
	 */
	function belongsHere(r) {
		if (location.search || location.hash) return false;
		const home = stored(HOME_KEY);
		if (home === null) return false;
		if (location.pathname !== r.path && !(location.pathname === r.home && home === r.chat_id))
			return false;
		if ((stored(TEXT_SIZE_KEY) ?? 'default') !== (r.textSize ?? 'default')) return false;
		const locale = stored(LOCALE_KEY);
		return locale === null || locale === r.lang;
	}

	/** @param {string} href @returns {boolean} whether `href` is on this page's origin */
	function sameOrigin(href) {
		try {
			return new URL(href, location.href).origin === location.origin;
		} catch {
			return false;
		}
	}

	/** Drop from `content` whatever could load or run something. @param {DocumentFragment} content */
	function disarm(content) {
		for (const el of content.querySelectorAll(DROP)) el.remove();
		for (const el of content.querySelectorAll('*')) {
			for (const { name, value } of Array.from(el.attributes)) {
				const lower = name.toLowerCase();
				const unsafe =
					lower.startsWith('on') ||
					UNSAFE.has(lower) ||
					(lower === 'href' && (el.localName !== 'a' || !sameOrigin(value))) ||
					LOADS.test(value);
				if (unsafe) el.removeAttribute(name);
				// A link keeps its look (an `<a>` without `href` is plain text); it cannot be followed.
				if (unsafe && lower === 'href' && el.localName === 'a') el.setAttribute('href', '#');
			}
		}
	}

	/**
	 * Whether the copy's stylesheets are this build's: each of the page's own (`<head>`) is
	 * among them. The copy of an older build (the page reloaded into an update) would show the old
	 * screen over the new app. Undefined while the parser has not reached them yet.
	 * @param {string[]} styles @returns {boolean | undefined}
	 */
	function sameBuild(styles) {
		const own = Array.from(
			document.querySelectorAll('head link[rel="stylesheet"]'),
			(link) => /** @type {HTMLLinkElement} */ (link).href
		).filter((href) => APP_STYLESHEET.test(new URL(href).pathname));
		if (own.length === 0) return undefined;
		const copy = new Set(styles.map((href) => new URL(href, location.href).href));
		return own.every((href) => copy.has(href));
	}

	/** Show the stored copy if it belongs here (see the file's comment). */
	function show() {
		const record = take();
		const html = document.documentElement;
		if (!isRecord(record) || html.hasAttribute(APP_SHOWN) || !belongsHere(record)) return;
		if (innerWidth !== record.width || innerHeight !== record.height) return;
		if (sameBuild(record.styles) === false) return;
		const styles = record.styles.filter(
			(href) => sameOrigin(href) && APP_STYLESHEET.test(new URL(href, location.href).pathname)
		);
		if (styles.length === 0) return;
		const template = document.createElement('template');
		template.innerHTML = record.html;
		disarm(template.content);

		// What `init` will apply (platform/theme.ts), now: the copy shows in the reader's theme.
		const theme = stored(THEME_KEY);
		if ((theme === 'light' || theme === 'dark') && !html.dataset.theme) html.dataset.theme = theme;
		if (record.textSize) html.dataset.textSize = record.textSize;
		const host = document.createElement('div');
		host.id = HOST_ID;
		// Not inert itself: an inert element lets taps through to the app being built underneath.
		// The host takes them (and nothing happens); the copy inside is inert.
		host.setAttribute('aria-hidden', 'true');
		if (record.lang) host.lang = record.lang;
		if (record.dir) host.dir = record.dir;
		if (record.last) host.dataset.lastMessage = record.last;
		// Hidden until its stylesheets are in: an unstyled flash would be worse than none.
		host.style.cssText =
			'position:fixed;inset:0;z-index:2147483647;overflow:hidden;visibility:hidden;' +
			'pointer-events:auto;touch-action:none;' +
			'background:var(--surface,Canvas);color:var(--on-surface,CanvasText)';
		const root = host.attachShadow({ mode: 'closed' });
		const copy = document.createElement('div');
		copy.inert = true;
		copy.style.cssText = 'display:contents';
		let pending = styles.length;
		const reveal = () => {
			if (!host.isConnected) return;
			const build = sameBuild(record.styles);
			if (build === false || html.hasAttribute(APP_SHOWN)) return host.remove();
			// The page's own stylesheets not parsed yet (very rare): decide once they are.
			if (build === undefined) return void setTimeout(reveal, 16);
			for (const el of root.querySelectorAll('[data-snapshot-top],[data-snapshot-left]')) {
				if (!(el instanceof HTMLElement)) continue;
				el.scrollTop = Number(el.dataset.snapshotTop ?? 0);
				el.scrollLeft = Number(el.dataset.snapshotLeft ?? 0);
			}
			// The log was at its end: it stays there while fonts and the rest settle.
			const ends = Array.from(root.querySelectorAll('[data-snapshot-end]'));
			const toEnd = () => {
				for (const el of ends) el.scrollTop = el.scrollHeight;
			};
			toEnd();
			const resized = new ResizeObserver(toEnd);
			for (const el of ends) for (const part of [el, ...el.children]) resized.observe(part);
			host.style.visibility = 'visible';
			host.dataset.shown = '';
			performance.mark('iris:snapshot-shown');
		};
		for (const href of styles) {
			const link = document.createElement('link');
			link.rel = 'stylesheet';
			link.href = href;
			link.onload = () => {
				if (--pending === 0) reveal();
			};
			// A stylesheet that is gone (an older build no longer cached): no copy.
			link.onerror = () => host.remove();
			root.append(link);
		}
		copy.append(template.content);
		root.append(copy);
		// `async`: it may run before the parser reached `<body>`; the host is fixed-position anyway.
		(document.body ?? document.documentElement).append(host);
		if (pending === 0) reveal();
		setTimeout(() => host.remove(), GIVE_UP_MS);
	}

	try {
		show();
	} catch (e) {
		// A copy that cannot be shown is no reason to stop the start.
		document.getElementById(HOST_ID)?.remove();
		console.warn('[snapshot] the last screen could not be shown', e);
	}
})();
