/**
 * `npm start`: build the app only when the build is missing or older than its sources
 * (./build-freshness.ts), quietly, then run the gateway (gateway/main.ts) in this process, so
 * signals reach it directly. With `IRIS_STATIC_DIR` the app there is served as is.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildReason } from './build-freshness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const reason = process.env.IRIS_STATIC_DIR ? null : buildReason(root);
if (reason) {
	console.log(`[start] building the app (${reason})…`);
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
		console.error('[start] the build failed (above); npm run build shows all of it');
		process.exit(1);
	}
	console.log(`[start] built in ${Math.round((Date.now() - started) / 1000)} s`);
}
await import('../gateway/main');
