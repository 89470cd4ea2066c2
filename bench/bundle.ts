/**
 * Bench scenario B: gzip size of what the chat screen needs for its first render, and of the
 * whole build (what a service worker would precache). Reads the Vite manifest of the last
 * `npm run build`; prints a summary when run directly (`tsx bench/bundle.ts`).
 *
 * First chat render = SvelteKit's `start` and `app` entries, the root layout (node 0) and the
 * `/chat/[chat_id]` page node, with their static imports and CSS, transitively. Dynamic imports
 * (features loaded on demand) are not counted. The connection worker is reported on its own: it
 * starts with the app but the chat renders from IndexedDB without it.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLIENT = join(ROOT, '.svelte-kit/output/client');
const BUILD = join(ROOT, 'build');
const CHAT_ROUTE = '/chat/[chat_id]';

interface ManifestChunk {
	file: string;
	imports?: string[];
	css?: string[];
}

/** Bytes, gzip level 9 (what a static host typically serves), for one group of files. */
export interface SizeGroup {
	files: string[];
	raw: number;
	gzip: number;
}

/** Result of scenario B. */
export interface BundleReport {
	firstChatRender: { js: SizeGroup; css: SizeGroup };
	worker: SizeGroup;
	/** Every file of `build/` (the would-be precache). */
	total: SizeGroup;
}

function gzipSize(path: string): number {
	return gzipSync(readFileSync(path), { level: 9 }).length;
}

function group(dir: string, files: Iterable<string>): SizeGroup {
	const list = [...new Set(files)].sort();
	let raw = 0;
	let gzip = 0;
	for (const file of list) {
		raw += statSync(join(dir, file)).size;
		gzip += gzipSize(join(dir, file));
	}
	return { files: list, raw, gzip };
}

function walk(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? walk(join(dir, entry.name)) : [relative(BUILD, join(dir, entry.name))]
	);
}

/**
 * Measure the last build.
 *
 * @throws Error when there is no build (run `npm run build`) or the chat route is not in it.
 */
export function measureBundle(): BundleReport {
	const manifest = JSON.parse(readFileSync(join(CLIENT, '.vite/manifest.json'), 'utf8')) as Record<
		string,
		ManifestChunk
	>;
	const app = readFileSync(join(ROOT, '.svelte-kit/generated/client-optimized/app.js'), 'utf8');
	const node = new RegExp(`"${CHAT_ROUTE.replace(/[[\]/]/g, '\\$&')}":\\s*\\[~?(\\d+)`).exec(app);
	if (!node) throw new Error(`[bench] route ${CHAT_ROUTE} not found in the build`);
	// Kit's entry is keyed by its path relative to the project, which is `../<checkout>/node_modules/…`
	// when node_modules is a symlink to another checkout (git worktrees).
	const entry = Object.keys(manifest).find((key) =>
		key.endsWith('node_modules/@sveltejs/kit/src/runtime/client/entry.js')
	);
	if (!entry) throw new Error('[bench] SvelteKit client entry is not in the Vite manifest');
	const roots = [
		entry,
		'.svelte-kit/generated/client-optimized/app.js',
		'.svelte-kit/generated/client-optimized/nodes/0.js',
		`.svelte-kit/generated/client-optimized/nodes/${node[1]}.js`
	];
	const js = new Set<string>();
	const css = new Set<string>();
	const visit = (key: string): void => {
		const chunk = manifest[key];
		if (!chunk) throw new Error(`[bench] ${key} is not in the Vite manifest`);
		if (js.has(chunk.file)) return;
		js.add(chunk.file);
		for (const file of chunk.css ?? []) css.add(file);
		for (const next of chunk.imports ?? []) visit(next);
	};
	for (const key of roots) visit(key);
	const all = walk(BUILD);
	return {
		firstChatRender: { js: group(CLIENT, js), css: group(CLIENT, css) },
		worker: group(
			BUILD,
			all.filter((f) => f.includes('/workers/'))
		),
		total: group(BUILD, all)
	};
}

/**
 * gzip bytes a feature fetches the first time it shows, beyond the first chat render: the chunks
 * (and their CSS and assets) reachable from the Vite manifest entries whose source path contains
 * one of `sources`, static and dynamic imports alike, less what is already loaded.
 *
 * @throws Error when there is no build.
 */
export function onDemandBytes(sources: readonly string[], loaded: ReadonlySet<string>): number {
	const manifest = JSON.parse(readFileSync(join(CLIENT, '.vite/manifest.json'), 'utf8')) as Record<
		string,
		ManifestChunk & { dynamicImports?: string[]; assets?: string[] }
	>;
	const files = new Set<string>();
	const visit = (key: string, dynamic: boolean): void => {
		const chunk = manifest[key];
		if (!chunk || loaded.has(chunk.file) || files.has(chunk.file)) return;
		files.add(chunk.file);
		for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(f);
		for (const next of chunk.imports ?? []) visit(next, dynamic);
		if (dynamic) for (const next of chunk.dynamicImports ?? []) visit(next, dynamic);
	};
	for (const key of Object.keys(manifest)) {
		if (sources.some((s) => key.includes(s))) visit(key, false);
	}
	return group(
		CLIENT,
		[...files].filter((f) => !/\.(woff2?|ttf)$/.test(f))
	).gzip;
}

/** One line per figure, kB = 1000 bytes. */
export function formatBundle(report: BundleReport): string {
	const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
	const { js, css } = report.firstChatRender;
	return [
		`B  first chat render: JS ${kb(js.gzip)} gzip (${kb(js.raw)} raw, ${js.files.length} files), CSS ${kb(css.gzip)} gzip  [target JS ≤ 100 kB gzip]`,
		`B  connection worker: ${kb(report.worker.gzip)} gzip; whole build (precache): ${kb(report.total.gzip)} gzip, ${report.total.files.length} files`
	].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
	const report = measureBundle();
	console.log(formatBundle(report));
	const loaded = new Set(report.firstChatRender.js.files);
	const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
	const code = onDemandBytes(['conversation/rich/index.ts', 'markdown/renderers.ts'], loaded);
	const python = onDemandBytes(
		['highlight.js/es/core', 'highlight.js/es/languages/python.js'],
		loaded
	);
	const katex = onDemandBytes(['node_modules/katex/dist/katex.mjs', 'katex.min.css'], loaded);
	// Mermaid's core and the flowchart diagram (each diagram type is a chunk of its own).
	const flowchart = onDemandBytes(
		['node_modules/mermaid/dist/mermaid.core.mjs', 'mermaid.core/flowDiagram-'],
		loaded
	);
	console.log(
		`B  on demand (JS + CSS gzip, fonts apart): renderer + code chrome ${kb(code)}; one Python block +${kb(python)}; one formula (KaTeX) +${kb(katex)}; one flowchart (Mermaid) +${kb(flowchart)}`
	);
}
