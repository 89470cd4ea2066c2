// @vitest-environment jsdom
/**
 * static/screen-snapshot.js, the script that shows the last screen's copy at start: where it
 * shows it and where not, what it drops from a stored copy, when it reveals and removes it, and
 * that the names it shares with the app are the app's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	SCREEN_SHOWN_ATTRIBUTE,
	SCREEN_SNAPSHOT_HOST_ID,
	SCREEN_SNAPSHOT_KEY
} from '../../src/lib/platform/screen-snapshot';
import { HOME_CHAT_STORAGE_KEY } from '../../src/lib/platform/home-chat';
import { THEME_STORAGE_KEY } from '../../src/lib/platform/theme';
import { TEXT_SIZE_STORAGE_KEY } from '../../src/lib/platform/text-size';
import { LOCALE_STORAGE_KEY } from '../../src/lib/i18n/locale.svelte';

const SCRIPT = readFileSync(join(import.meta.dirname, '../../static/screen-snapshot.js'), 'utf8');
/** The page's own stylesheet (this build's). */
const OWN_CSS = `${location.origin}/_app/immutable/assets/0.abc.css`;

/** A record that belongs to `/chat/default` in jsdom's 1024×768 window, made by this build. */
function record(overrides: Record<string, unknown> = {}) {
	return {
		v: 1,
		path: '/chat/default',
		home: '/',
		chat_id: 'default',
		width: innerWidth,
		height: innerHeight,
		styles: [OWN_CSS, `${location.origin}/_app/immutable/assets/3.def.css`],
		html: '<div class="shell"><article data-message-id="m2">Newest words</article></div>',
		last: 'm2',
		lang: 'en',
		...overrides
	};
}

/** Run the script at `path` with `stored` in localStorage; returns the copy's shadow root. */
function run(path: string, stored: unknown): ShadowRoot | undefined {
	history.replaceState(null, '', path);
	if (stored !== undefined)
		localStorage.setItem(
			SCREEN_SNAPSHOT_KEY,
			typeof stored === 'string' ? stored : JSON.stringify(stored)
		);
	let root: ShadowRoot | undefined;
	const attach = Element.prototype.attachShadow;
	const spy = vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (
		this: Element,
		init: ShadowRootInit
	) {
		root = attach.call(this, init);
		return root;
	});
	new Function(SCRIPT)();
	spy.mockRestore();
	return root;
}

/** Every stylesheet of the copy has loaded. */
function loaded(root: ShadowRoot | undefined) {
	for (const link of root?.querySelectorAll('link') ?? []) link.dispatchEvent(new Event('load'));
}

const host = () => document.getElementById(SCREEN_SNAPSHOT_HOST_ID);
const html = document.documentElement;

/** The copy's ResizeObserver callback (jsdom has none: a stand-in keeps it). */
let resized: (() => void) | undefined;

beforeEach(() => {
	vi.stubGlobal(
		'ResizeObserver',
		class {
			constructor(callback: () => void) {
				resized = callback;
			}
			observe() {}
			disconnect() {}
		}
	);
	vi.useFakeTimers();
	document.head.innerHTML = `<link rel="stylesheet" href="${OWN_CSS}">`;
	document.body.replaceChildren();
	localStorage.clear();
	localStorage.setItem(HOME_CHAT_STORAGE_KEY, 'default');
	for (const name of ['data-theme', 'data-text-size', SCREEN_SHOWN_ATTRIBUTE])
		html.removeAttribute(name);
});
afterEach(() => {
	vi.useRealTimers();
	vi.unstubAllGlobals();
});

describe('the last screen at start', () => {
	it('shares its storage keys and names with the app', () => {
		for (const name of [
			SCREEN_SNAPSHOT_KEY,
			SCREEN_SNAPSHOT_HOST_ID,
			SCREEN_SHOWN_ATTRIBUTE,
			HOME_CHAT_STORAGE_KEY,
			THEME_STORAGE_KEY,
			TEXT_SIZE_STORAGE_KEY,
			LOCALE_STORAGE_KEY
		])
			expect(SCRIPT).toContain(`'${name}'`);
	});

	it('shows the copy of its conversation once its stylesheets are in: no input, not read out', () => {
		localStorage.setItem(THEME_STORAGE_KEY, 'dark');
		localStorage.setItem(TEXT_SIZE_STORAGE_KEY, 'large');
		const root = run('/chat/default', record({ lang: 'de', textSize: 'large' }));
		expect(host()?.style.visibility).toBe('hidden');
		loaded(root);
		expect(host()?.hasAttribute('data-shown')).toBe(true);
		expect(host()?.style.visibility).toBe('visible');
		// The host takes taps (an inert element would let them through); the copy is inert.
		expect(host()?.style.pointerEvents).toBe('auto');
		expect((root?.lastElementChild as HTMLElement).inert).toBe(true);
		expect(host()?.getAttribute('aria-hidden')).toBe('true');
		expect(host()?.dataset.lastMessage).toBe('m2');
		expect(host()?.lang).toBe('de');
		// What `init` applies later, applied now: the reader's theme and text size.
		expect(html.dataset.theme).toBe('dark');
		expect(html.dataset.textSize).toBe('large');
		expect(root?.textContent).toContain('Newest words');
		// Read once.
		expect(localStorage.getItem(SCREEN_SNAPSHOT_KEY)).toBeNull();
	});

	it('shows it on `/` only when `/` opens that conversation', () => {
		loaded(run('/', record()));
		expect(host()).not.toBeNull();
		host()?.remove();
		localStorage.setItem(HOME_CHAT_STORAGE_KEY, 'other');
		run('/', record());
		expect(host()).toBeNull();
	});

	it.each([
		['another conversation', '/chat/other', record(), {}],
		['a search jump', '/chat/default?message=m1', record(), {}],
		['another window width', '/chat/default', record({ width: innerWidth + 1 }), {}],
		['another window height', '/chat/default', record({ height: innerHeight - 1 }), {}],
		['another text size', '/chat/default', record(), { [TEXT_SIZE_STORAGE_KEY]: 'large' }],
		['another language', '/chat/default', record(), { [LOCALE_STORAGE_KEY]: 'zh' }],
		['an unpaired device', '/chat/default', record(), { [HOME_CHAT_STORAGE_KEY]: null }],
		[
			'another build',
			'/chat/default',
			record({ styles: [`${location.origin}/_app/immutable/assets/0.old.css`] }),
			{}
		],
		[
			'no stylesheet of the app',
			'/chat/default',
			record({ styles: [`${location.origin}/api/x.css`] }),
			{}
		],
		['an old format', '/chat/default', record({ v: 0 }), {}],
		['a record that is not JSON', '/chat/default', '{"v":1', {}],
		['a record with wrong types', '/chat/default', record({ styles: [1] }), {}]
	])('shows nothing for %s, and forgets the record', (_, path, stored, items) => {
		for (const [key, value] of Object.entries(items as Record<string, string | null>))
			if (value === null) localStorage.removeItem(key);
			else localStorage.setItem(key, value);
		loaded(run(path, stored));
		expect(host()).toBeNull();
		expect(localStorage.getItem(SCREEN_SNAPSHOT_KEY)).toBeNull();
	});

	it('shows nothing once the app shows its own screen (a script that ran late)', () => {
		html.setAttribute(SCREEN_SHOWN_ATTRIBUTE, '');
		loaded(run('/chat/default', record()));
		expect(host()).toBeNull();
		html.removeAttribute(SCREEN_SHOWN_ATTRIBUTE);
		const root = run('/chat/default', record());
		html.setAttribute(SCREEN_SHOWN_ATTRIBUTE, '');
		loaded(root);
		expect(host()).toBeNull();
	});

	it("drops what could run or load anything, and links only the app's stylesheets", () => {
		const root = run(
			'/chat/default',
			record({
				styles: [OWN_CSS, 'https://elsewhere.example/_app/immutable/assets/b.css'],
				html:
					'<div><p onclick="x()">Kept</p><img src="/a.png"><script>x()</script>' +
					'<iframe src="/f"></iframe><a href="javascript:x()">j</a><a href="/chat/b">b</a>' +
					'<div style="background:url(/t.png)">s</div><div style="background:u\\72 l(/e.png)">e</div>' +
					'<div style="background-image:image-set(\'/i.png\' 1x)">i</div>' +
					'<svg><use href="#i"></use><a xlink:href="/x">x</a><rect fill="url(/p.svg#p)" filter="url(/f.svg#f)"></rect></svg>' +
					'<base href="https://elsewhere.example/"><meta http-equiv="refresh" content="0;url=/x">' +
					'<math><mi href="/m">m</mi></math>' +
					'<dialog open>d</dialog><div popover>p</div><form action="/x"><button formaction="/y" autofocus>B</button></form></div>'
			})
		);
		const links = Array.from(root?.querySelectorAll('link') ?? [], (l) => l.getAttribute('href'));
		expect(links).toEqual([OWN_CSS]);
		const tags = Array.from(root?.querySelectorAll('*') ?? [], (el) => el.localName);
		for (const tag of ['img', 'script', 'iframe', 'use', 'dialog', 'base', 'meta'])
			expect(tags).not.toContain(tag);
		expect(root?.querySelector('[popover]')).toBeNull();
		const markup = Array.from(root?.children ?? [], (el) => el.outerHTML).join('');
		expect(markup).not.toMatch(
			/onclick|javascript:|url\(|image-set|\\72|action=|autofocus|xlink|href="\/m"/
		);
		expect(root?.querySelector('a[href="/chat/b"]')).not.toBeNull();
		// A link that could not be followed keeps its look.
		expect(root?.querySelectorAll('a[href="#"]')).toHaveLength(1);
		expect(root?.textContent).toContain('Kept');
	});

	it('waits for every stylesheet, and drops the copy if one fails', () => {
		const root = run('/chat/default', record());
		const [a, b] = Array.from(root?.querySelectorAll('link') ?? []);
		a?.dispatchEvent(new Event('load'));
		expect(host()?.hasAttribute('data-shown')).toBe(false);
		b?.dispatchEvent(new Event('load'));
		expect(host()?.hasAttribute('data-shown')).toBe(true);

		host()?.remove();
		const again = run('/chat/default', record());
		again?.querySelector('link')?.dispatchEvent(new Event('error'));
		expect(host()).toBeNull();
	});

	it('keeps the log at its end, restores other scroll offsets, and gives up after 5 s', () => {
		const root = run(
			'/chat/default',
			record({
				html: '<div role="log" data-snapshot-end>rows</div><div data-snapshot-top="480">side</div>'
			})
		);
		loaded(root);
		const log = root?.querySelector('[role="log"]') as HTMLElement;
		Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 900 });
		expect((root?.querySelector('[data-snapshot-top]') as HTMLElement).scrollTop).toBe(480);
		// The log goes to its end, and back there when its content grows (fonts, late styles).
		resized?.();
		expect(log.scrollTop).toBe(900);
		vi.advanceTimersByTime(4999);
		expect(host()).not.toBeNull();
		vi.advanceTimersByTime(1);
		expect(host()).toBeNull();
	});
});
