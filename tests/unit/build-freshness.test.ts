import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildReason } from '../../scripts/build-freshness';

let root: string | undefined;
afterEach(async () => {
	if (root) await rm(root, { recursive: true, force: true });
	root = undefined;
});

describe('npm start: build only when needed', () => {
	it('builds when there is no build, or a source is newer than it; not otherwise', async () => {
		root = await mkdtemp(path.join(tmpdir(), 'iris-fresh-'));
		await mkdir(path.join(root, 'src', 'lib'), { recursive: true });
		await writeFile(path.join(root, 'src', 'lib', 'a.ts'), 'a');
		await writeFile(path.join(root, 'vite.config.ts'), 'v');
		expect(buildReason(root)).toBe('no build yet');
		await mkdir(path.join(root, 'build'));
		await writeFile(path.join(root, 'build', 'index.html'), '<!doctype html>');
		const old = new Date(Date.now() - 60_000);
		for (const p of ['src/lib/a.ts', 'src/lib', 'src', 'vite.config.ts']) {
			await utimes(path.join(root, p), old, old);
		}
		expect(buildReason(root)).toBeNull();
		await writeFile(path.join(root, 'src', 'lib', 'a.ts'), 'changed');
		expect(buildReason(root)).toBe('src changed since the last build');
	});
});
