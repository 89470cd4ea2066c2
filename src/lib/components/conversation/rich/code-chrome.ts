/**
 * The chrome of a code block in a message (doc/rendering.md "Code blocks"): a header with the
 * language and the buttons `Wrap lines` and `Copy code`, and past `COLLAPSE_LINES` lines a
 * collapsed body with `Show all N lines`. Added to the rendered `<pre>` in place (inside it, so
 * the nodes `{@html}` owns stay where they are), before the browser paints.
 */
import { languageLabel } from '$lib/markdown/languages';
import { richText } from './strings';

/** Blocks longer than this many lines start collapsed. */
export const COLLAPSE_LINES = 25;
/** How long "Copied" shows before the button says "Copy code" again, ms. */
const COPIED_MS = 2000;

/** The `language-*` of a code element ('' when none). */
export function languageOf(code: Element): string {
	for (const c of code.classList) if (c.startsWith('language-')) return c.slice(9);
	return '';
}

/** The fence body a code element shows: its text without the newline `marked` ends it with. */
export function sourceOf(code: Element): string {
	return (code.textContent ?? '').replace(/\n$/, '');
}

/** A `type="button"` with its action (`data-code-action`) and text. */
export function actionButton(action: string, text: string): HTMLButtonElement {
	const b = document.createElement('button');
	b.type = 'button';
	b.dataset.codeAction = action;
	b.textContent = text;
	return b;
}

/** The header of a block: its label and buttons. */
export function codeHead(label: string, buttons: HTMLButtonElement[]): HTMLSpanElement {
	const head = document.createElement('span');
	head.className = 'code-head';
	const name = document.createElement('span');
	name.className = 'code-lang';
	name.textContent = label;
	head.append(name, ...buttons);
	return head;
}

/** Add the header (and, for a long finished block, the collapse) to `pre` around `code`. */
export function addCodeChrome(pre: HTMLElement, code: HTMLElement): void {
	const wrap = actionButton('wrap', richText.wrapLines());
	wrap.setAttribute('aria-pressed', 'false');
	pre.prepend(
		codeHead(languageLabel(languageOf(code)), [wrap, actionButton('copy', richText.copyCode())])
	);
	if (pre.hasAttribute('data-open')) return;
	const lines = sourceOf(code).split('\n').length;
	if (lines <= COLLAPSE_LINES) return;
	pre.dataset.collapsed = '';
	const expand = actionButton('expand', richText.showAllLines(lines));
	expand.setAttribute('aria-expanded', 'false');
	expand.dataset.lines = String(lines);
	expand.className = 'code-expand';
	pre.append(expand);
}

/** Run a code block's button; true if `button` was one. */
export function runCodeAction(button: HTMLButtonElement): boolean {
	const pre = button.closest('pre');
	const code = pre?.querySelector(':scope > code');
	if (!pre || !code) return false;
	switch (button.dataset.codeAction) {
		case 'copy':
			void copy(button, sourceOf(code));
			return true;
		case 'wrap': {
			const on = button.getAttribute('aria-pressed') !== 'true';
			button.setAttribute('aria-pressed', String(on));
			pre.toggleAttribute('data-wrap', on);
			return true;
		}
		case 'expand': {
			const open = pre.hasAttribute('data-collapsed');
			pre.toggleAttribute('data-collapsed', !open);
			button.setAttribute('aria-expanded', String(open));
			const lines = Number(button.dataset.lines);
			button.textContent = open ? richText.showFewerLines() : richText.showAllLines(lines);
			if (!open) pre.scrollIntoView({ block: 'nearest' });
			return true;
		}
		default:
			return false;
	}
}

const resets = new WeakMap<HTMLButtonElement, ReturnType<typeof setTimeout>>();

async function copy(button: HTMLButtonElement, text: string): Promise<void> {
	let said: string;
	try {
		await navigator.clipboard.writeText(text);
		said = richText.copied();
	} catch {
		said = richText.copyFailed();
	}
	button.textContent = said;
	clearTimeout(resets.get(button));
	resets.set(
		button,
		setTimeout(() => (button.textContent = richText.copyCode()), COPIED_MS)
	);
}
