/**
 * Compiles the message catalogue (`messages/<locale>.json`, project `project.inlang`) into typed
 * message functions with Paraglide JS, in `src/lib/i18n/paraglide/` (generated, not committed).
 * Run by `npm run check` and `prepare`, and by the Vite plugin in vite.config.ts for builds, dev
 * and Vitest (doc/i18n.md).
 *
 * Paraglide's `_index.js` imports every locale statically. It is rewritten (`rewriteIndex`) so
 * that only the base locale (English) is in the page's static import graph, message by message
 * (tree-shaken), and the zh-CN module is loaded when it is chosen (src/lib/i18n/load.ts); the
 * locale comes from catalogues.ts (the page's reactive locale), not Paraglide's runtime.
 * Files are written only when their content changes, so an unchanged catalogue does not make the
 * build look stale (scripts/build-freshness.ts).
 */
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '@inlang/paraglide-js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the compiled catalogue goes. */
export const I18N_OUT = join(ROOT, 'src/lib/i18n/paraglide');

const RUNTIME_IMPORT = 'import { getLocale, experimentalStaticLocale } from "../runtime.js"';
const LAZY_IMPORT = /import \* as (\w+) from "\.\/zh-CN\.js"/;
/** One message's locale switch, as Paraglide writes it (the type cast before it is kept). */
const SWITCH =
	/\(\((inputs(?: = \{\})?), options = \{\}\) => \{\n\tconst locale = experimentalStaticLocale \?\? options\.locale \?\? getLocale\(\)\n\tif \(locale === "zh-CN"\) return \w+\.(\w+)\(inputs\)\n\treturn (\w+)\.\w+\(inputs\)\n\}\);/g;

/**
 * Point `_index.js` at our locale source and the lazily loaded zh-CN catalogue, and make each
 * message a pure `message(<English function>, <key>)` (catalogues.ts): a few bytes per message
 * in the first render instead of a switch each.
 *
 * @throws Error when Paraglide's output is not the shape this rewrites.
 */
export function rewriteIndex(source: string): string {
	const messages = source.match(/^export const /gm)?.length ?? 0;
	let rewritten = 0;
	const out = source
		.replace(RUNTIME_IMPORT, 'import { message } from "../../catalogues"')
		.replace(LAZY_IMPORT, '')
		.replace(SWITCH, (_all, _inputs: string, key: string, en: string) => {
			rewritten += 1;
			return `(/* @__PURE__ */ message(${en}.${key}, "${key}"));`;
		});
	if (!source.includes(RUNTIME_IMPORT) || !LAZY_IMPORT.test(source) || rewritten !== messages)
		throw new Error('[i18n] Paraglide output changed shape: update scripts/i18n-compile.ts');
	return out;
}

function files(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]
	);
}

/**
 * Compile the catalogue into `I18N_OUT`.
 *
 * @throws Error when a message does not compile or Paraglide's output is not what we rewrite.
 */
export async function compileMessages(): Promise<void> {
	const temp = mkdtempSync(join(tmpdir(), 'iris-i18n-'));
	try {
		await compile({
			project: join(ROOT, 'project.inlang'),
			outdir: temp,
			outputStructure: 'locale-modules',
			strategy: ['baseLocale'],
			emitReadme: false,
			emitTsDeclarations: false
		});
		const index = join(temp, 'messages/_index.js');
		writeFileSync(index, rewriteIndex(readFileSync(index, 'utf8')));
		const wanted = new Set<string>();
		for (const file of files(temp)) {
			const name = relative(temp, file);
			wanted.add(name);
			const target = join(I18N_OUT, name);
			const content = readFileSync(file);
			if (existsSync(target) && readFileSync(target).equals(content)) continue;
			mkdirSync(dirname(target), { recursive: true });
			writeFileSync(target, content);
		}
		// Messages that were removed from the catalogue go too.
		if (existsSync(I18N_OUT) && statSync(I18N_OUT).isDirectory())
			for (const file of files(I18N_OUT)) if (!wanted.has(relative(I18N_OUT, file))) rmSync(file);
	} finally {
		rmSync(temp, { recursive: true, force: true });
	}
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
	await compileMessages();
}
