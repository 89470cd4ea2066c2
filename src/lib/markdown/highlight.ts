/**
 * Syntax highlighting of finished code blocks with highlight.js (the choice and its figures:
 * doc/rendering.md "Syntax highlighting"). The core and each grammar are chunks of their own,
 * fetched the first time a block of that language shows (and kept by the service worker's
 * precache, so they work offline). A language it does not know stays plain text.
 *
 * Output is highlight.js's HTML (`<span class="hljs-…">` around escaped text), checked by
 * `sanitizeHighlight`: kept when it is only that, else passed through a DOMPurify instance that
 * keeps only `span` and `class` — the code is untrusted text.
 */
import type { HLJSApi, LanguageFn } from 'highlight.js';
import { EMBEDS, grammarFor } from './languages';
import { sanitizeHighlight } from './sanitize';

type Loader = () => Promise<{ default: LanguageFn }>;

/** highlight.js grammar modules, one chunk each. */
const GRAMMARS: Record<string, Loader> = {
	bash: () => import('highlight.js/lib/languages/bash'),
	c: () => import('highlight.js/lib/languages/c'),
	cpp: () => import('highlight.js/lib/languages/cpp'),
	csharp: () => import('highlight.js/lib/languages/csharp'),
	css: () => import('highlight.js/lib/languages/css'),
	diff: () => import('highlight.js/lib/languages/diff'),
	dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
	go: () => import('highlight.js/lib/languages/go'),
	ini: () => import('highlight.js/lib/languages/ini'),
	java: () => import('highlight.js/lib/languages/java'),
	javascript: () => import('highlight.js/lib/languages/javascript'),
	json: () => import('highlight.js/lib/languages/json'),
	kotlin: () => import('highlight.js/lib/languages/kotlin'),
	lua: () => import('highlight.js/lib/languages/lua'),
	makefile: () => import('highlight.js/lib/languages/makefile'),
	markdown: () => import('highlight.js/lib/languages/markdown'),
	php: () => import('highlight.js/lib/languages/php'),
	powershell: () => import('highlight.js/lib/languages/powershell'),
	python: () => import('highlight.js/lib/languages/python'),
	r: () => import('highlight.js/lib/languages/r'),
	ruby: () => import('highlight.js/lib/languages/ruby'),
	rust: () => import('highlight.js/lib/languages/rust'),
	shell: () => import('highlight.js/lib/languages/shell'),
	sql: () => import('highlight.js/lib/languages/sql'),
	swift: () => import('highlight.js/lib/languages/swift'),
	typescript: () => import('highlight.js/lib/languages/typescript'),
	xml: () => import('highlight.js/lib/languages/xml'),
	yaml: () => import('highlight.js/lib/languages/yaml')
};

let core: Promise<HLJSApi> | undefined;
const registering = new Map<string, Promise<void>>();

async function register(hljs: HLJSApi, grammar: string): Promise<void> {
	let done = registering.get(grammar);
	if (!done) {
		done = (async () => {
			const embeds = EMBEDS[grammar] ?? [];
			const [module] = await Promise.all([
				GRAMMARS[grammar]!(),
				...embeds.map((e) => register(hljs, e))
			]);
			hljs.registerLanguage(grammar, module.default);
		})();
		// A failed fetch (offline before first use) may be retried by the next block.
		done.catch(() => registering.delete(grammar));
		registering.set(grammar, done);
	}
	return done;
}

/**
 * A highlighter for `lang` (the fence's info string), once its grammar is loaded: the returned
 * function turns a block's text into HTML (escaped text in `<span class>`; sanitized),
 * synchronously. Resolves with null when the language is unknown.
 *
 * @throws (rejects) when the highlighter or the grammar cannot be fetched (offline, never used).
 */
export async function loadHighlighter(lang: string): Promise<((code: string) => string) | null> {
	const grammar = grammarFor(lang);
	if (!grammar) return null;
	core ??= import('highlight.js/lib/core').then((m) => {
		m.default.configure({ classPrefix: 'hljs-' });
		return m.default;
	});
	core.catch(() => (core = undefined));
	const hljs = await core;
	await register(hljs, grammar);
	return (code) =>
		sanitizeHighlight(hljs.highlight(code, { language: grammar, ignoreIllegals: true }).value);
}

/**
 * Highlight `code` (the block's text) as `lang`. Resolves with HTML, or null when the language
 * is unknown.
 *
 * @throws (rejects) when the highlighter or the grammar cannot be fetched (offline, never used).
 */
export async function highlightCode(code: string, lang: string): Promise<string | null> {
	const highlighter = await loadHighlighter(lang);
	return highlighter ? highlighter(code) : null;
}
