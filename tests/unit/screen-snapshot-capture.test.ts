// @vitest-environment jsdom
/**
 * The copy of the last screen (src/lib/platform/screen-snapshot.ts): what it keeps of the chat
 * screen, when it is stored and forgotten, and when the copy shown at start goes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	SCREEN_SHOWN_ATTRIBUTE,
	SCREEN_SNAPSHOT_HOST_ID,
	SCREEN_SNAPSHOT_KEY,
	captureScreenSnapshot,
	dismissScreenSnapshotWhenSettled,
	watchScreenSnapshot
} from '../../src/lib/platform/screen-snapshot';

/** Give `el` the scroll geometry jsdom does not lay out. */
function geometry(el: Element, g: { top: number; height: number; client: number }) {
	Object.defineProperty(el, 'scrollTop', { configurable: true, value: g.top });
	Object.defineProperty(el, 'scrollHeight', { configurable: true, value: g.height });
	Object.defineProperty(el, 'clientHeight', { configurable: true, value: g.client });
}

/** A chat screen: the shell, a log at its end with two messages, a composer with a draft. */
function screen() {
	document.body.innerHTML =
		'<div data-snapshot-root class="shell"><div role="log">' +
		'<article data-message-id="m1">Older</article>' +
		'<article data-message-id="m2" onclick="x()">Newest <img src="blob:x"></article></div>' +
		'<dialog open>Search</dialog><div popover>Menu</div><script>1</script>' +
		'<form><textarea></textarea><input type="search"><input type="checkbox">' +
		'<input type="password"><select><option>a</option><option>b</option></select></form></div>';
	const root = document.querySelector('[data-snapshot-root]')!;
	const log = root.querySelector('[role="log"]')!;
	geometry(log, { top: 600, height: 1000, client: 400 });
	geometry(root.querySelector('form')!, { top: 40, height: 100, client: 60 });
	root.querySelector('textarea')!.value = 'A draft';
	root.querySelector('input')!.value = 'query';
	root.querySelector<HTMLInputElement>('[type="checkbox"]')!.checked = true;
	root.querySelector<HTMLInputElement>('[type="password"]')!.value = 'secret';
	root.querySelector('select')!.value = 'b';
	return { root, log };
}

const at = { chat_id: 'default', path: '/chat/default', home: '/' };

beforeEach(() => {
	localStorage.clear();
	document.documentElement.lang = 'en';
	document.documentElement.removeAttribute(SCREEN_SHOWN_ATTRIBUTE);
});
afterEach(() => vi.unstubAllGlobals());

describe('captureScreenSnapshot', () => {
	it('keeps the screen as it shows, without what loads, runs or is transient', () => {
		const { root, log } = screen();
		const record = captureScreenSnapshot({ ...at, root, log });
		expect(record).toMatchObject({
			v: 1,
			...at,
			width: innerWidth,
			height: innerHeight,
			last: 'm2',
			lang: 'en'
		});
		const copy = document.createElement('template');
		copy.innerHTML = record!.html;
		const content = copy.content;
		// The log is at its end: it is shown at its end, whatever its height then.
		expect(content.querySelector('[role="log"]')?.hasAttribute('data-snapshot-end')).toBe(true);
		expect(content.querySelector('form')?.getAttribute('data-snapshot-top')).toBe('40');
		expect(content.querySelector('textarea')?.textContent).toBe('A draft');
		expect(content.querySelector('input')?.getAttribute('value')).toBe('query');
		expect(content.querySelector('[type="checkbox"]')?.hasAttribute('checked')).toBe(true);
		expect(content.querySelector('option:last-child')?.hasAttribute('selected')).toBe(true);
		// A password never reaches storage.
		expect(record!.html).not.toContain('secret');
		for (const gone of ['img', 'dialog', '[popover]', 'script', '[onclick]'])
			expect(content.querySelector(gone)).toBeNull();
		// The image's place is kept by an empty box.
		expect(content.querySelector('article[data-message-id="m2"] span')).not.toBeNull();
		// The live screen is untouched.
		expect(root.querySelector('dialog')).not.toBeNull();
	});

	it('puts the log’s rows in normal flow: laid out again, they cannot overlap', () => {
		const { root, log } = screen();
		log.innerHTML =
			'<div style="contain: size style; position: relative; height: 900px;">' +
			'<div style="position: absolute; top: 0px; width: 100%;"><article data-message-id="a">A</article></div>' +
			'<div style="position: absolute; top: 480px; width: 100%;"><article data-message-id="b">B</article></div></div>';
		const record = captureScreenSnapshot({ ...at, root, log });
		const copy = document.createElement('template');
		copy.innerHTML = record!.html;
		const list = copy.content.querySelector<HTMLElement>('[role="log"] > div')!;
		expect(list.style.height).toBe('');
		expect(list.style.contain).toBe('');
		for (const row of list.children as HTMLCollectionOf<HTMLElement>) {
			expect(row.style.position).toBe('relative');
			expect(row.style.top).toBe('');
			expect(row.style.width).toBe('100%');
		}
		expect(record!.last).toBe('b');
	});

	it('keeps nothing when the reader is not at the newest messages', () => {
		const { root, log } = screen();
		geometry(log, { top: 100, height: 1000, client: 400 });
		expect(captureScreenSnapshot({ ...at, root, log })).toBeNull();
	});
});

describe('watchScreenSnapshot', () => {
	const hidden = (value: boolean) => {
		Object.defineProperty(document, 'visibilityState', {
			configurable: true,
			value: value ? 'hidden' : 'visible'
		});
		document.dispatchEvent(new Event('visibilitychange'));
	};

	it('stores a copy when the page is hidden or closed, and forgets it when shown again', () => {
		screen();
		let shown: typeof at | null = at;
		const stop = watchScreenSnapshot(() => shown);
		hidden(true);
		expect(JSON.parse(localStorage.getItem(SCREEN_SNAPSHOT_KEY)!)).toMatchObject(at);
		hidden(false);
		expect(localStorage.getItem(SCREEN_SNAPSHOT_KEY)).toBeNull();
		window.dispatchEvent(new Event('pagehide'));
		expect(localStorage.getItem(SCREEN_SNAPSHOT_KEY)).not.toBeNull();
		// Not a conversation to show (loading, a search jump): no copy, and the old one goes.
		shown = null;
		window.dispatchEvent(new Event('pagehide'));
		expect(localStorage.getItem(SCREEN_SNAPSHOT_KEY)).toBeNull();
		shown = at;
		const host = document.body.appendChild(document.createElement('div'));
		host.id = SCREEN_SNAPSHOT_HOST_ID;
		stop();
		window.dispatchEvent(new Event('pagehide'));
		expect(localStorage.getItem(SCREEN_SNAPSHOT_KEY)).toBeNull();
		// Leaving the conversation takes the copy shown at start with it.
		expect(host.isConnected).toBe(false);
	});

	it('loses only the copy when storage is full', () => {
		screen();
		localStorage.setItem(SCREEN_SNAPSHOT_KEY, 'old');
		const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
			throw new DOMException('full', 'QuotaExceededError');
		});
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
		const stop = watchScreenSnapshot(() => at);
		expect(() => window.dispatchEvent(new Event('pagehide'))).not.toThrow();
		expect(localStorage.getItem(SCREEN_SNAPSHOT_KEY)).toBeNull();
		expect(warn).toHaveBeenCalled();
		stop();
		setItem.mockRestore();
		warn.mockRestore();
	});
});

describe('dismissScreenSnapshotWhenSettled', () => {
	/** A chat screen under a copy, the dismissal started, and its animation frames run by hand. */
	function settling() {
		const frames: FrameRequestCallback[] = [];
		vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
		const { log } = screen();
		const host = document.body.appendChild(document.createElement('div'));
		host.id = SCREEN_SNAPSHOT_HOST_ID;
		dismissScreenSnapshotWhenSettled();
		return { log, host, frames, frame: () => frames.shift()?.(0) };
	}

	it('removes the copy once the log has kept its end and height for two frames', () => {
		const { log, host, frames, frame } = settling();
		geometry(log, { top: 300, height: 1000, client: 400 }); // still scrolling to the end
		frame();
		geometry(log, { top: 600, height: 1000, client: 400 });
		frame();
		geometry(log, { top: 800, height: 1200, client: 400 }); // a row measured taller
		frame();
		frame();
		expect(host.isConnected).toBe(true);
		frame();
		expect(host.isConnected).toBe(false);
		expect(frames).toEqual([]);
		// The app shows its own screen: a copy shown later (a late script) is not shown at all.
		expect(document.documentElement.hasAttribute(SCREEN_SHOWN_ATTRIBUTE)).toBe(true);
	});

	it('gives up after 60 frames of a log that keeps growing (an answer streaming in)', () => {
		const { log, host, frame } = settling();
		for (let n = 1; n < 60; n++) {
			geometry(log, { top: 600 + n, height: 1000 + n, client: 400 });
			frame();
		}
		expect(host.isConnected).toBe(true);
		frame();
		expect(host.isConnected).toBe(false);
	});
});
