/**
 * The harness of the benches that run parts of the app in the system Chromium without the UI
 * (bench/search, bench/ingest, bench/channel-list): bundle a `page.ts` and a `worker.ts` with Vite, serve them on
 * 127.0.0.1, and open a page that has the bundle's `bench` object.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { build } from 'vite';
import { chromium, type Browser, type Page } from '@playwright/test';

/**
 * Bundle `<dir><name>.ts` for each of `names` (default `page` and `worker`) into `<dir>dist/`
 * (ES modules, minified).
 */
export async function bundleHarness(dir: string, names = ['page', 'worker']): Promise<void> {
	await build({
		configFile: false,
		logLevel: 'warn',
		build: {
			outDir: `${dir}dist/`,
			emptyOutDir: true,
			minify: true,
			lib: {
				entry: Object.fromEntries(names.map((name) => [name, `${dir}${name}.ts`])),
				formats: ['es']
			}
		}
	});
}

/**
 * Serve `<dir>dist/` on a free port: `/` is a page that loads `page.js`. `setup` may add to the
 * server (a WebSocket endpoint) before it listens.
 */
export function serveHarness(
	dir: string,
	setup?: (server: Server) => () => void
): Promise<{ url: string; close: () => void }> {
	const server = createServer(async (req, res) => {
		const path = (req.url ?? '/').split('?')[0]!;
		if (path === '/') {
			res.setHeader('content-type', 'text/html');
			res.end(
				'<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">' +
					'<script type="module" src="/page.js"></script>'
			);
			return;
		}
		try {
			const body = await readFile(`${dir}dist/${path.slice(1).replace(/\.\./g, '')}`);
			res.setHeader('content-type', 'text/javascript');
			res.end(body);
		} catch {
			res.statusCode = 404;
			res.end();
		}
	});
	const teardown = setup?.(server);
	return new Promise((resolve) =>
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as AddressInfo;
			resolve({
				url: `http://127.0.0.1:${port}/`,
				close: () => {
					teardown?.();
					server.close();
				}
			});
		})
	);
}

/** The system Chromium with a page on `url`, once the bundle's `bench` object is there. */
export async function openHarness(
	url: string,
	log: (line: string) => void
): Promise<{ browser: Browser; page: Page }> {
	const browser = await chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: ['--no-sandbox', '--disable-gpu']
	});
	const page = await browser.newPage();
	page.on('console', (m) => m.type() === 'error' && log(`page: ${m.text()}`));
	await page.goto(url);
	await page.waitForFunction(() => 'bench' in globalThis);
	return { browser, page };
}
