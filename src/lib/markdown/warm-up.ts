/**
 * A throw-away render while the page is idle. A page's first markdown renders cost several times
 * a later one: V8 compiles `marked`'s and DOMPurify's functions on first call. Without this, the
 * first answers a page shows pay for it in the frame that shows them (a reconnect's catch-up:
 * bench/README.md "Reconnect catch-up"). The fonts the sample uses are warmed by laying it out
 * (components/conversation/layout-warm-up.ts).
 */
import { parseMarkdown } from './parser';
import { sanitizeHtml } from './sanitize';

/** The sample's code block's language (its comment is italic once highlighted). */
export const WARM_UP_LANGUAGE = 'ts';

/** The sample's code block's text (its first line a comment). */
export const WARM_UP_CODE = '// a comment\nconst x = 1;';

/** One of each block and inline form an answer commonly has. */
export const WARM_UP_SAMPLE = [
	'# Heading',
	'Some *emphasis*, **strong**, `code`, ~~struck~~ and a [link](https://example.com).',
	'- item\n- item\n  1. nested',
	'> a quote',
	'| a | b |\n|---|---|\n| 1 | 2 |',
	'```' + WARM_UP_LANGUAGE + '\n' + WARM_UP_CODE + '\n```'
].join('\n\n');

/**
 * Render `WARM_UP_SAMPLE` and discard it (not cached), as two steps to run one after the other,
 * each in an idle period of its own (together they took one task of 26–49 ms here): `marked`'s
 * parse, then DOMPurify's sanitize of its output. The second needs a DOM.
 */
export function warmUp(): [parse: () => void, sanitize: () => void] {
	let html = '';
	return [() => (html = parseMarkdown(WARM_UP_SAMPLE)), () => void sanitizeHtml(html)];
}
