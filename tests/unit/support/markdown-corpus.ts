/**
 * Markdown documents for the streaming-render property tests: the constructs agents write (code,
 * tables, lists, quotes) and the ones that are not block-local (reference links, raw HTML, CR LF),
 * in short pieces combined into longer answers.
 */

/** Short documents, each exercising one construct or an edge of it. */
export const PIECES: readonly string[] = [
	'# Title\n\nA paragraph with *emphasis*, **strong**, `code` and a [link](https://example.com).\n',
	'Setext heading\n==============\n\nAnother one\n---\n\ntext after\n',
	'- one\n- two\n  - nested\n  - nested two\n- three\n\nAfter the list.\n',
	'1. first\n2. second\n3. third\n\n10. ten\n11. eleven\n',
	'1. loose a\n\n2. loose b\n\n3. loose c\n\nend\n',
	'- a\n\n  continued paragraph in a\n\n- b\n\nplain\n',
	'* star\n+ plus\n- dash\n',
	'- [ ] todo\n- [x] done\n',
	'```js\nconst x = 1;\n\nfunction f() {\n  return `tpl ${x}`;\n}\n```\n\nAfter code.\n',
	'~~~python\ndef f():\n    return 1\n~~~\n',
	'````md\n```\ninner fence\n```\n````\n',
	'    indented code\n\n    still code\n\nparagraph\n',
	'| Name | Value | Note |\n|:-----|------:|:----:|\n| a | 1 | x |\n| b | 2 | y |\n\nTable done.\n',
	'a | b\n--|--\n1 | 2\n3 | 4\n',
	'| escaped \\| pipe | b |\n| --- | --- |\n| c | d |\n',
	'> quote line\n> second\n\n> another quote\n>\n> - list in quote\n',
	'> nested\n>> deeper\n\nout\n',
	'Para\n\n---\n\n***\n\nafter rules\n',
	'Line one  \nhard break, and\\\nbackslash break\n',
	'Autolink <https://example.com> and www.example.com and ~~strike~~.\n',
	'![image](https://example.com/a.png "title")\n',
	'[![badge](https://img.example/b.svg?d=x)](https://example.com) and ![](http://127.0.0.1:9/p.png)\n',
	'Paragraph\n- list interrupts\n- yes\n',
	'Lazy\ncontinuation\nlines here\n',
	'> quote with lazy\ncontinuation\n\nafter\n',
	'مرحبا بالعالم\n\nשלום עולם and English\n',
	'Text with <b>inline html</b> and <i>more\n\nnext block\n',
	'<div>\nblock html\n</div>\n\n**after**\n',
	'<!-- comment -->\n\nvisible\n',
	'See [the docs][docs] and [more].\n\n[docs]: https://example.com/docs\n[more]: https://example.com/more "More"\n',
	'Windows\r\nline\r\nendings\r\n\r\n- a\r\n- b\r\n',
	'1. step one\n\n   ```sh\n   npm ci\n   ```\n\n2. step two\n',
	'- item with code:\n  ```\n  code in item\n  ```\n- next\n',
	'# H1\n## H2\n### H3\n#### H4\n##### H5\n###### H6\n',
	'Trailing spaces   \n\n\n\nmany blank lines\n\n\n',
	'Unclosed fence at the end:\n\n```ts\nlet x = 1;\n',
	'Emphasis *across\nlines* and __under__scores_ and `` double `tick` ``\n',
	'Numbers 1) like this\n2) and this\n',
	'Term\n: not a definition list in GFM\n',
	'Script <script>alert(1)</script> and [js](javascript:alert(1))\n',
	'| a |\n|---|\n',
	'Empty\n\n-\n\n- \n\nitems\n',
	// Code in many languages, math (money and shell are not), diagrams.
	'```python\ndef f(x: int) -> int:\n    return x ** 2  # $x$\n```\n\n```rust\nfn main() { println!("{}", 1); }\n```\n',
	'```bash\necho "$HOME" $PATH && cost=$5\n```\n\n```json\n{"a": [1, 2], "b": null}\n```\n\n```sql\nSELECT * FROM t WHERE a < 3;\n```\n',
	'```go\nfunc main() {}\n```\n```yaml\na: 1\n```\n~~~cpp\nint main() { return 0; }\n~~~\n```\nno language\n```\n',
	'Inline $x^2 + y_1$ and \\(\\alpha\\), display:\n\n$$\\int_0^1 x\\,dx = \\frac{1}{2}$$\n\nand \\[\n\\{a\\} \\\\ b_\\text{c}\n\\]\n\nafter.\n',
	'It costs $3.50 or $4, $5 and $10; run `echo $HOME` or echo $HOME $PATH.\n\nUS$5 is not $ x$ math.\n',
	'$$\n\\begin{aligned}\na &= b \\\\\nc &= d\n\\end{aligned}\n$$\n\n- item with $e^{i\\pi}$\n- $$x$$ in a list\n',
	'```mermaid\ngraph TD\n  A[Start] --> B{Ok?}\n  B -->|yes| C[Done]\n```\n\nText after the diagram.\n',
	'```math\nE = mc^2\n```\n\n> quoted $a+b$ and `$code$`\n\n| $x$ | cost |\n|---|---|\n| $y$ | $5 |\n',
	'Unclosed $$\\frac{1}{2 and \\(x and $y\n\nnext paragraph $z$.\n'
];

/** Longer answers made of several pieces, like a real reply mixing code, tables and lists. */
function combine(): string[] {
	const docs: string[] = [];
	for (let i = 0; i < PIECES.length; i++) {
		const a = PIECES[i]!;
		const b = PIECES[(i * 7 + 3) % PIECES.length]!;
		const c = PIECES[(i * 13 + 5) % PIECES.length]!;
		docs.push(`${a}\n${b}\n${c}`);
	}
	return docs;
}

/** Every document of the corpus (≥ 50). */
export const CORPUS: readonly string[] = [...PIECES, ...combine()];

/** A deterministic pseudo-random generator, so failures reproduce. */
export { prng as seeded } from './prng';
