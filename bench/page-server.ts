/**
 * For benches that run app modules in the system Chromium without the app: bundle entry modules
 * (Vite library build, ES modules) into a folder and serve it on 127.0.0.1 (a free port), with a
 * blank page at `/` that loads `/page.js`.
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { build } from 'vite';

/** Bundle `entries` (name → source file) into `outDir` as `<name>.js`, minified. */
export async function bundlePages(entries: Record<string, string>, outDir: string): Promise<void> {
	await build({
		configFile: false,
		logLevel: 'warn',
		build: { outDir, emptyOutDir: true, minify: true, lib: { entry: entries, formats: ['es'] } }
	});
}

/** Serve `dir` (which ends with `/`): `/` is a page loading `/page.js`. Resolves once listening. */
export function servePages(dir: string): Promise<{ url: string; close: () => void }> {
	const server = createServer(async (req, res) => {
		const path = (req.url ?? '/').split('?')[0]!;
		if (path === '/') {
			res.setHeader('content-type', 'text/html');
			res.end(
				'<!doctype html><meta charset="utf-8"><script type="module" src="/page.js"></script>'
			);
			return;
		}
		try {
			const body = await readFile(`${dir}${path.slice(1).replace(/\.\./g, '')}`);
			res.setHeader('content-type', 'text/javascript');
			res.end(body);
		} catch {
			res.statusCode = 404;
			res.end();
		}
	});
	return new Promise((resolve) =>
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as AddressInfo;
			resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
		})
	);
}
