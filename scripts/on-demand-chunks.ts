/**
 * A Vite plugin for the client build: the chunks reachable only through a dynamic import of a
 * heavy package (Mermaid, the QR reader's ZXing) are listed in `ignores` (dropped from the precache manifest), so the service worker
 * does not precache megabytes nobody may need; it keeps them once they are fetched
 * (src/service-worker/lazy-cache.ts). A chunk another part of the app also imports stays precached.
 */
import type { Plugin } from 'vite';

interface ChunkLike {
	type: 'chunk';
	fileName: string;
	isEntry: boolean;
	isDynamicEntry: boolean;
	facadeModuleId: string | null;
	imports: string[];
	dynamicImports: string[];
}

/**
 * `packages`: node_modules folders whose dynamic entries are on demand; `ignores`: filled with
 * the file names (`_app/immutable/chunks/…`, as the precache manifest has them) of the chunks
 * only those reach.
 */
export function onDemandChunks(packages: readonly string[], ignores: Set<string>): Plugin {
	return {
		name: 'iris-on-demand-chunks',
		apply: 'build',
		generateBundle(_options, bundle) {
			const chunks = new Map<string, ChunkLike>();
			for (const item of Object.values(bundle)) {
				if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as ChunkLike);
			}
			const heavy = (c: ChunkLike) =>
				c.isDynamicEntry && packages.some((p) => c.facadeModuleId?.includes(`/node_modules/${p}/`));
			const roots = [...chunks.values()].filter(heavy).map((c) => c.fileName);
			if (roots.length === 0) return;
			const reach = (start: string[], stop: Set<string>) => {
				const seen = new Set<string>();
				const todo = [...start];
				while (todo.length > 0) {
					const file = todo.pop()!;
					if (seen.has(file) || stop.has(file)) continue;
					seen.add(file);
					const c = chunks.get(file);
					if (c) todo.push(...c.imports, ...c.dynamicImports);
				}
				return seen;
			};
			const onDemand = reach(roots, new Set());
			const others = [...chunks.values()].filter((c) => !onDemand.has(c.fileName) || c.isEntry);
			const shared = reach(
				others.map((c) => c.fileName),
				new Set(roots)
			);
			for (const file of onDemand) if (!shared.has(file)) ignores.add(file);
		}
	};
}
