/**
 * The reference gateway bundled once per run for the end-to-end tests. Each test starts its own
 * gateway, ~250 times a run: `node --import tsx gateway/main.ts` compiled and resolved ~100
 * modules at each start (~0.6 s of CPU), a bundle starts in ~0.2 s. Same source, same esbuild
 * transform as tsx; packages stay external (better-sqlite3 is native).
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/**
 * Where the bundle goes, relative to the repository root. One level down, so the gateway's
 * `import.meta.url`-relative repository root (gateway/main.ts) is the same as from its source.
 */
export const GATEWAY_BUNDLE = 'build-gateway/main.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Bundle gateway/main.ts into `GATEWAY_BUNDLE`. Rejects with esbuild's errors. */
export async function bundleGateway(): Promise<void> {
	await build({
		absWorkingDir: ROOT,
		entryPoints: ['gateway/main.ts'],
		outfile: GATEWAY_BUNDLE,
		bundle: true,
		platform: 'node',
		format: 'esm',
		target: 'node20',
		packages: 'external',
		logLevel: 'warning'
	});
}
