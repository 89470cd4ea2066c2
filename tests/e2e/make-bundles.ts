/**
 * Builds the bundles of ./bundles.ts. Run by the Playwright global setup (tests and benches) and
 * the screenshot script before they start a gateway: every run, so a bundle is never stale.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { FRAME_CHECK_BUNDLE, GATEWAY_BUNDLE } from './bundles';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Bundle the gateway and the frame check. Rejects with esbuild's errors. */
export async function makeBundles(): Promise<void> {
	const entries = [
		['gateway/main.ts', GATEWAY_BUNDLE],
		['tests/e2e/check-frames.ts', FRAME_CHECK_BUNDLE]
	] as const;
	await Promise.all(
		entries.map(([entry, outfile]) =>
			build({
				absWorkingDir: ROOT,
				entryPoints: [entry],
				outfile,
				bundle: true,
				platform: 'node',
				format: 'esm',
				target: `node${process.versions.node}`,
				// Stack traces in a failed test's gateway log point at the TypeScript source.
				sourcemap: 'linked',
				// Packages resolve from node_modules as under tsx (better-sqlite3 is native).
				packages: 'external',
				logLevel: 'warning'
			})
		)
	);
}
