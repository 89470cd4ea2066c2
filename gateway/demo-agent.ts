/**
 * The demo agent: a canned markdown reply that quotes the user, streamed in small steps.
 *
 * The reply exercises what the client must render (heading, quote, list, fenced code, table,
 * link) and quotes the user's text verbatim, unescaped, so tests can find the user's words and the
 * client's sanitizer gets real input.
 */

/** Model name reported in `message.stop`. */
export const DEMO_MODEL = 'demo-echo';

/** Default delay between two `message.update`s, in ms. */
export const DEFAULT_STEP_MS = 15;

/** Upper bound on steps per reply, so a very long user text still streams in bounded time. */
const MAX_STEPS = 300;

function countWords(text: string): number {
	return text.split(/\s+/).filter(Boolean).length;
}

/** Markdown blockquote of `text`: every line kept verbatim behind `> `. */
function quote(text: string): string {
	if (text.trim() === '') return '> *(an empty message)*';
	return text
		.split(/\r?\n/)
		.map((line) => `> ${line}`)
		.join('\n');
}

/**
 * The demo reply to `userText`: markdown with a `## ` heading, a blockquote of the user's text,
 * a bulleted list, a ```ts code block, a table (header + 2 rows) and a link. Pure.
 */
export function demoReply(userText: string): string {
	const words = countWords(userText);
	return [
		'## Demo reply',
		'',
		'You said:',
		'',
		quote(userText),
		'',
		'This is the **demo gateway** answering. What it shows:',
		'',
		'- streaming: this text arrived in small steps, each carrying the full text so far',
		'- *markdown*: headings, quotes, lists, `inline code`, code blocks and tables',
		'- no real model: every reply has the same shape',
		'',
		'```ts',
		'// what the demo agent did with your message',
		`const words: number = ${words};`,
		"const reply: string = 'echo';",
		'```',
		'',
		'| Metric | Value |',
		'| --- | --- |',
		`| Characters | ${userText.length} |`,
		`| Words | ${words} |`,
		'',
		'Read more in the [Hermes docs](https://example.com/hermes).'
	].join('\n');
}

/**
 * The successive full texts to stream for `text`: each a strict prefix-extension of the previous,
 * the last equal to `text`. Steps end after a word and its trailing whitespace; a long text takes
 * several words per step so there are at most 300 steps.
 */
export function streamSteps(text: string): string[] {
	const ends: number[] = [];
	for (const m of text.matchAll(/\S+\s*/g)) ends.push(m.index + m[0].length);
	if (ends.length === 0) return text === '' ? [] : [text];
	const per = Math.ceil(ends.length / MAX_STEPS);
	const steps: string[] = [];
	for (let i = per - 1; i < ends.length; i += per) steps.push(text.slice(0, ends[i]));
	if (steps.at(-1) !== text) steps.push(text);
	return steps;
}

/** The token count reported in `message.stop`: words, as a stand-in for model tokens. */
export function demoTokens(text: string): number {
	return countWords(text);
}
