/**
 * Builds the app (`vite build`, quietly) when `build/` is missing or older than its sources
 * (./build-freshness.ts). Shared by `npm start` and `npm run screenshots`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildReason } from './build-freshness';

/**
 * Builds `<root>/build` if it is stale, printing one line before and after prefixed with `tag`
 * (e.g. `[start]`). Returns false (after printing the build's stderr) when the build fails.
 */
export function ensureBuild(root: string, tag: string): boolean {
	const reason = buildReason(root);
	if (!reason) return true;
	console.log(`${tag} building the app (${reason})…`);
	const started = Date.now();
	const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
	// Quiet unless it fails (the PWA plugin warns on stderr about globs that match nothing).
	const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error'], {
		cwd: root,
		stdio: ['ignore', 'ignore', 'pipe'],
		encoding: 'utf8'
	});
	if (build.status !== 0) {
		process.stderr.write(build.stderr);
		console.error(`${tag} the build failed (above); npm run build shows all of it`);
		return false;
	}
	console.log(`${tag} built in ${Math.round((Date.now() - started) / 1000)} s`);
	return true;
}
