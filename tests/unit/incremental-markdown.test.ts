// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { IncrementalMarkdown } from '../../src/lib/markdown/incremental';
import { renderMarkdown } from '../../src/lib/markdown/render';
import { renderStreaming } from '../../src/lib/markdown/streaming';
import { CORPUS, PIECES, seeded } from './support/markdown-corpus';

// Thousands of renders through jsdom's DOMPurify: slow on a shared 2-core machine, not a benchmark.
const HEAVY = { timeout: 180_000 };

describe('IncrementalMarkdown', () => {
	it('has a corpus of at least 50 documents', () => {
		expect(CORPUS.length).toBeGreaterThanOrEqual(50);
	});

	it('ends equal to a one-shot render after every prefix of every document', HEAVY, () => {
		for (const doc of CORPUS) {
			const r = new IncrementalMarkdown();
			for (let end = 1; end <= doc.length; end++) r.update(doc.slice(0, end));
			r.finish(doc);
			expect(r.html, JSON.stringify(doc)).toBe(renderMarkdown(doc));
			expect(r.tail).toBe('');
		}
	});

	it(
		'equals a one-shot render when finished at random split points, fed in random chunks',
		HEAVY,
		() => {
			const random = seeded(7);
			for (const doc of CORPUS) {
				for (let run = 0; run < 6; run++) {
					const cut = 1 + Math.floor(random() * doc.length);
					const r = new IncrementalMarkdown();
					let end = 0;
					while (end < cut) {
						end = Math.min(cut, end + 1 + Math.floor(random() * 40));
						r.update(doc.slice(0, end));
					}
					const prefix = doc.slice(0, cut);
					r.finish(prefix);
					expect(r.html, JSON.stringify(prefix)).toBe(renderMarkdown(prefix));
				}
			}
		}
	);

	it('shows while streaming what re-rendering the whole text shows', HEAVY, () => {
		const random = seeded(11);
		for (const doc of CORPUS) {
			const r = new IncrementalMarkdown();
			for (let end = 0; end < doc.length;) {
				end = Math.min(doc.length, end + 1 + Math.floor(random() * 12));
				const prefix = doc.slice(0, end);
				r.update(prefix);
				// Whitespace between the last tags may differ (a comment dropped at the very end).
				expect(r.html.trimEnd(), JSON.stringify(prefix)).toBe(renderStreaming(prefix).trimEnd());
			}
		}
	});

	it('renders a finished text that then grows as a whole, not as a paragraph of its own', () => {
		// A run of an answer's text finished early (the page's copy of the text lagged behind the
		// tool card that ends the run), then given the rest of its words.
		const r = new IncrementalMarkdown();
		r.update('I will check the build, then clean the old ');
		r.finish('I will check the build, then clean the old ');
		r.finish('I will check the build, then clean the old output. ');
		expect(r.html).toBe(renderMarkdown('I will check the build, then clean the old output. '));
		// Streaming again after a finish starts over too.
		r.update('Another text');
		r.finish('Another text, finished');
		expect(r.html).toBe(renderMarkdown('Another text, finished'));
	});

	it('does not split a paragraph at piped lines that only look like a table while typed', () => {
		const doc =
			'You can chain the commands:\n\ncat access.log\n| grep " 500 "\n| awk \'{print $1}\'\n' +
			'| sort | uniq -c\n\nThis prints the IPs with errors.\n';
		const r = new IncrementalMarkdown();
		for (let end = 1; end <= doc.length; end++) r.update(doc.slice(0, end));
		r.finish(doc);
		expect(r.html).toBe(renderMarkdown(doc));
	});

	it('follows an open code fence by scanning new lines only, shown as text', () => {
		const lines = Array.from({ length: 80 }, (_, i) => `  let v${i} = a < b && c; // <${i}>`);
		const doc = `Intro\n\n\`\`\`ts\n${lines.join('\n')}\n\`\`\`\n\nAfter.\n`;
		const r = new IncrementalMarkdown();
		for (let end = 10; end < doc.length; end += 10) {
			r.update(doc.slice(0, end));
			if (end === 500) {
				expect(r.tail).toBe('');
				expect(r.code?.lang).toBe('ts');
				// Every line so far, the unfinished one too, as text (escaped by the page, not here).
				const body = doc.indexOf('```ts\n') + 6;
				expect(r.code?.text).toBe(doc.slice(body, end).replace(/\n?$/, '\n'));
			}
		}
		r.finish(doc);
		// Each character is looked at about once; re-lexing the open block on every update would
		// parse ~doc.length² / 20 characters.
		expect(r.work.charsParsed).toBeLessThan(doc.length * 1.2);
		expect(r.code).toBeNull();
		expect(r.html).toBe(renderMarkdown(doc));
	});

	it('keeps finished blocks: an entry once rendered is never changed', () => {
		const doc = [PIECES[8], PIECES[2], PIECES[12]].join('\n');
		const r = new IncrementalMarkdown();
		let seen: readonly string[] = [];
		for (let end = 1; end <= doc.length; end++) {
			r.update(doc.slice(0, end));
			expect(r.blocks.slice(0, seen.length)).toEqual(seen);
			seen = [...r.blocks];
		}
		expect(seen.length).toBeGreaterThan(1);
	});

	it('renders an open code fence as code while streaming, never as backticks', () => {
		const r = new IncrementalMarkdown();
		r.update('Intro\n\n```py\nprint(1)\n');
		expect(r.tail).toContain('<pre><code class="language-py">print(1)');
		expect(r.html).not.toContain('```');
		r.update('Intro\n\n```py\nprint(1)\n``');
		expect(r.html).not.toContain('``');
	});

	it('renders a table whose delimiter row is still being typed as a table', () => {
		const r = new IncrementalMarkdown();
		r.update('Intro\n\n| a | b |\n|--');
		expect(r.tail).toContain('<table>');
		expect(r.tail).toContain('<th dir="auto">b</th>');
	});

	it('starts over when the text does not extend the previous text', () => {
		const r = new IncrementalMarkdown();
		r.update('# One\n\nfirst answer\n\nmore');
		r.update('Something else entirely\n\n- a');
		r.finish('Something else entirely\n\n- a\n');
		expect(r.html).toBe(renderMarkdown('Something else entirely\n\n- a\n'));
	});

	it('re-lexes only the open tail: characters parsed stay near the final length', () => {
		const paragraphs = Array.from({ length: 60 }, (_, i) => `Paragraph ${i} has words.\n\n`);
		const doc = paragraphs.join('');
		const r = new IncrementalMarkdown();
		for (let end = 10; end < doc.length; end += 10) r.update(doc.slice(0, end));
		r.finish(doc);
		const { charsParsed, renders } = r.work;
		expect(renders).toBe(Math.ceil((doc.length - 10) / 10) + 1);
		// Whole-text re-rendering would parse ~doc.length² / 20 characters here.
		expect(charsParsed).toBeLessThan(doc.length * 6);
		expect(r.html).toBe(renderMarkdown(doc));
	});
});
