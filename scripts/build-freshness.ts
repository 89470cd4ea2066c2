/**
 * Whether the built app (`build/`) is older than what it is built from, so `npm start` builds
 * only when needed: a missing `build/index.html`, or any file under the sources newer than it
 * (adapter-static writes `index.html` last, so its mtime is the build's).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the app is built from, relative to the repository root. */
export const BUILD_SOURCES = [
	'src',
	'static',
	'spec',
	'messages',
	'project.inlang/settings.json',
	'svelte.config.js',
	'vite.config.ts',
	'tsconfig.json',
	'package-lock.json'
];

/** The newest mtime (epoch ms) of the files at or under `entry`; 0 when it does not exist. */
export function newestMtime(entry: string): number {
	if (!existsSync(entry)) return 0;
	const stat = statSync(entry);
	if (!stat.isDirectory()) return stat.mtimeMs;
	let newest = stat.mtimeMs;
	for (const name of readdirSync(entry)) {
		newest = Math.max(newest, newestMtime(path.join(entry, name)));
	}
	return newest;
}

/** Why `<root>/build` must be (re)built, or null when it is up to date. */
export function buildReason(
	root: string,
	sources: readonly string[] = BUILD_SOURCES
): string | null {
	const index = path.join(root, 'build', 'index.html');
	if (!existsSync(index)) return 'no build yet';
	const built = statSync(index).mtimeMs;
	for (const source of sources) {
		if (newestMtime(path.join(root, source)) > built)
			return `${source} changed since the last build`;
	}
	return null;
}
