/**
 * Compiles the message catalogue (`messages/<locale>.json`, project `project.inlang`) into typed
 * message functions with Paraglide JS, in `src/lib/i18n/paraglide/` (generated, not committed).
 * Run by `npm run check` and `prepare`, and by the Vite plugin in vite.config.ts for builds, dev
 * and Vitest (doc/i18n.md).
 *
 * Paraglide writes each message as a module holding every locale. Each is rewritten
 * (`rewriteMessage`) to hold English only, so the page's static import graph has the English
 * messages it uses and nothing more; the zh-CN messages are one module of their own
 * (`messages/zh-CN.js`, Paraglide's per-locale output), loaded when chosen (src/lib/i18n/load.ts).
 * The locale comes from catalogues.ts (the page's reactive locale), not Paraglide's runtime.
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

const RUNTIME_IMPORT = "import { getLocale, experimentalStaticLocale } from '../runtime.js';";
/** A message module's function for the other locale (removed: it comes with its catalogue). */
const OTHER_LOCALE = /const zh_\w+ = [\s\S]*?\n\};\n/;
/** The message's locale switch, as Paraglide writes it (the type cast before it is kept). */
const SWITCH =
	/\(\((?:inputs(?: = \{\})?), options = \{\}\) => \{\n\tconst locale = experimentalStaticLocale \?\? options\.locale \?\? getLocale\(\)\n\tif \(locale === "zh-CN"\) return \w+\(inputs\)\n\treturn (en_\w+)\(inputs\)\n\}\);/;

/**
 * Rewrite one message module (`messages/<key>.js`): only its English function stays, and the
 * message is a pure `message(<English>, <index>)` (catalogues.ts), which renders the loaded
 * catalogue's text in another locale. `index`: the key's place in `keys` (a number is a few
 * bytes less per message in the first render than its key).
 *
 * @throws Error when Paraglide's output is not the shape this rewrites.
 */
export function rewriteMessage(source: string, key: string, index: number): string {
	if (!source.includes(RUNTIME_IMPORT) || !OTHER_LOCALE.test(source) || !SWITCH.test(source))
		throw new Error(
			`[i18n] Paraglide output changed shape (${key}): update scripts/i18n-compile.ts`
		);
	return source
		.replace(RUNTIME_IMPORT, "import { message } from '../../catalogues';")
		.replace(OTHER_LOCALE, '')
		.replace(SWITCH, (_all, en: string) => `(/* @__PURE__ */ message(${en}, ${index}));`);
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
		const options = {
			project: join(ROOT, 'project.inlang'),
			strategy: ['baseLocale' as const],
			emitReadme: false,
			emitTsDeclarations: false
		};
		// One module per message (bundles take only the messages they use) …
		await compile({ ...options, outdir: temp, outputStructure: 'message-modules' });
		const keys = readdirSync(join(temp, 'messages'))
			.filter((file) => !file.startsWith('_') && file.endsWith('.js'))
			.map((file) => file.replace(/\.js$/, ''))
			.sort();
		for (const [index, key] of keys.entries()) {
			const path = join(temp, 'messages', `${key}.js`);
			writeFileSync(path, rewriteMessage(readFileSync(path, 'utf8'), key, index));
		}
		// … and each other locale as one module, loaded when chosen.
		const byLocale = join(temp, 'by-locale');
		await compile({ ...options, outdir: byLocale, outputStructure: 'locale-modules' });
		writeFileSync(
			join(temp, 'messages/zh-CN.js'),
			`${readFileSync(join(byLocale, 'messages/zh-CN.js'), 'utf8')}\n/** By index (scripts/i18n-compile.ts). */\nexport const byIndex = [${keys.join(', ')}];\n`
		);
		rmSync(byLocale, { recursive: true });
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
	// The compiler (its lix store) leaves a 30 s timer behind: waiting for it kept every build,
	// check and test run idle for half a minute. Everything is written by now.
	process.exit(0);
}
