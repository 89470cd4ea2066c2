/**
 * The highlighter comparison behind doc/rendering.md "Syntax highlighting": for each candidate
 * (highlight.js, Shiki with its JavaScript regex engine) and each language, the gzip size of what
 * showing that language loads (the core once, then the grammar; bundled and minified with
 * esbuild, as Vite would), and the time to highlight one kB of typical code (median of runs, after
 * a warm-up). Run with `npx tsx bench/highlight/run.ts`; prints a table, measures only.
 */
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { SAMPLES } from '../../gateway/demo/code-samples';

/** A language as each candidate names its grammar module. */
const LANGS: { name: string; hljs: string; shiki: string }[] = [
	{ name: 'python', hljs: 'python', shiki: 'python' },
	{ name: 'typescript', hljs: 'typescript', shiki: 'typescript' },
	{ name: 'bash', hljs: 'bash', shiki: 'shellscript' },
	{ name: 'json', hljs: 'json', shiki: 'json' },
	{ name: 'rust', hljs: 'rust', shiki: 'rust' },
	{ name: 'go', hljs: 'go', shiki: 'go' },
	{ name: 'cpp', hljs: 'cpp', shiki: 'cpp' },
	{ name: 'html', hljs: 'xml', shiki: 'html' },
	{ name: 'sql', hljs: 'sql', shiki: 'sql' },
	{ name: 'yaml', hljs: 'yaml', shiki: 'yaml' }
];

async function gzipOf(contents: string): Promise<number> {
	const out = await build({
		stdin: { contents, resolveDir: process.cwd(), loader: 'ts' },
		bundle: true,
		minify: true,
		format: 'esm',
		write: false,
		logLevel: 'silent'
	});
	return gzipSync(out.outputFiles[0]!.contents, { level: 9 }).length;
}

/** ms per kB of `code`: median of `runs` timed highlights after two warm-ups. */
function msPerKb(highlight: (code: string) => unknown, code: string, runs = 15): number {
	highlight(code);
	highlight(code);
	const times: number[] = [];
	for (let i = 0; i < runs; i++) {
		const start = performance.now();
		highlight(code);
		times.push(performance.now() - start);
	}
	times.sort((a, b) => a - b);
	return times[Math.floor(runs / 2)]! / (code.length / 1000);
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

async function main(): Promise<void> {
	const hljs = (await import('highlight.js/lib/core')).default;
	const { createHighlighterCore } = await import('shiki/core');
	const { createJavaScriptRegexEngine } = await import('shiki/engine/javascript');
	const shiki = await createHighlighterCore({
		themes: [import('@shikijs/themes/github-light')],
		langs: LANGS.map((l) => import(`@shikijs/langs/${l.shiki}`)),
		engine: createJavaScriptRegexEngine()
	});
	const hljsCore = await gzipOf(`import h from 'highlight.js/lib/core'; console.log(h);`);
	const shikiCore = await gzipOf(
		`import { createHighlighterCore } from 'shiki/core'; import { createJavaScriptRegexEngine } from 'shiki/engine/javascript'; console.log(createHighlighterCore, createJavaScriptRegexEngine);`
	);
	console.log(`core: highlight.js ${kb(hljsCore)} gzip, Shiki + JS engine ${kb(shikiCore)} gzip`);
	console.log('language | hljs grammar gzip | hljs ms/kB | Shiki grammar gzip | Shiki ms/kB');
	for (const lang of LANGS) {
		const module = (await import(`highlight.js/lib/languages/${lang.hljs}`)) as {
			default: Parameters<typeof hljs.registerLanguage>[1];
		};
		hljs.registerLanguage(lang.hljs, module.default);
		const code = SAMPLES[lang.name]!;
		const hljsBytes = await gzipOf(
			`import l from 'highlight.js/lib/languages/${lang.hljs}'; console.log(l);`
		);
		// A Shiki grammar module also pulls in the grammars it embeds (html: css, javascript…).
		const shikiBytes = await gzipOf(
			`import l from '@shikijs/langs/${lang.shiki}'; console.log(l);`
		);
		const hljsMs = msPerKb((c) => hljs.highlight(c, { language: lang.hljs }).value, code);
		const shikiMs = msPerKb(
			(c) => shiki.codeToHtml(c, { lang: lang.shiki, theme: 'github-light' }),
			code
		);
		console.log(
			`${lang.name} | ${kb(hljsBytes)} | ${hljsMs.toFixed(2)} | ${kb(shikiBytes)} | ${shikiMs.toFixed(2)}`
		);
	}
}

await main();
