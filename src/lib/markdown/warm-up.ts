/**
 * A throw-away render while the page is idle. A page's first markdown renders cost several times
 * a later one: V8 compiles `marked`'s and DOMPurify's functions on first call. Without this, the
 * first answers a page shows pay for it in the frame that shows them (a reconnect's catch-up:
 * bench/README.md "Reconnect catch-up").
 */
import { renderMarkdown } from './render';

/** One of each block and inline form an answer commonly has. */
export const WARM_UP_SAMPLE = [
	'# Heading',
	'Some *emphasis*, **strong**, `code`, ~~struck~~ and a [link](https://example.com).',
	'- item\n- item\n  1. nested',
	'> a quote',
	'| a | b |\n|---|---|\n| 1 | 2 |',
	'```ts\nconst x = 1;\n```'
].join('\n\n');

/** Render `WARM_UP_SAMPLE` and discard it (not cached). Needs a DOM (DOMPurify). */
export function warmUp(): void {
	renderMarkdown(WARM_UP_SAMPLE);
}
