import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA, type SvelteKitPWAOptions } from '@vite-pwa/sveltekit';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import { webManifest } from './src/web-manifest.ts';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { onDemandChunks } from './scripts/on-demand-chunks.ts';

/**
 * The message catalogue compiled before each build, dev server and test run, and again when a
 * `messages/*.json` changes in dev (doc/i18n.md). In a child process: the compiler keeps handles
 * open that would stop Vite (and Vitest) from exiting.
 */
const compileMessages = async () => {
	await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/i18n-compile.ts']);
};
let compiled: Promise<void> | undefined;
const i18n: Plugin = {
	name: 'iris-i18n',
	// Once per process: a build runs this for the app, the worker and the service worker.
	async buildStart() {
		await (compiled ??= compileMessages());
	},
	configureServer(server) {
		server.watcher.add('messages');
		server.watcher.on('change', (file) => {
			if (/messages[\\/][^\\/]+\.json$/.test(file))
				compileMessages().catch((e: unknown) => console.error('[i18n] compile failed', e));
		});
	}
};

// Mermaid's chunks are not precached: the plugin lists them during the client build, and a
// manifest transform after SvelteKit's own drops them from the precache manifest. SvelteKit
// loads this file again for its nested client build: the list lives on the process.
const shared = globalThis as { irisNotPrecached?: Set<string> };
const notPrecached = (shared.irisNotPrecached ??= new Set<string>());
const pwaOptions: SvelteKitPWAOptions = {
	strategies: 'injectManifest',
	srcDir: 'src',
	filename: 'service-worker.ts',
	// The page registers it (workbox-window) and asks before switching versions.
	injectRegister: false,
	registerType: 'prompt',
	manifest: webManifest,
	injectManifest: {
		globPatterns: ['client/**/*.{js,css,ico,png,svg,webmanifest,json}']
	},
	// adapter-static writes index.html after the client build: add it to the precache by
	// name (its revision follows _app/version.json), or offline navigations have no shell.
	kit: { adapterFallback: 'index.html', spa: true, includeVersionFile: true }
};
const pwa = SvelteKitPWA(pwaOptions);
const configure = pwaOptions.integration!.configureOptions!;
pwaOptions.integration!.configureOptions = async (viteConfig, options) => {
	await configure(viteConfig, options);
	const inject = options.injectManifest as NonNullable<typeof options.injectManifest>;
	inject.manifestTransforms = [
		...(inject.manifestTransforms ?? []),
		(entries) => ({ manifest: entries.filter((e) => !notPrecached.has(e.url)) })
	];
};

export default defineConfig({
	plugins: [i18n, sveltekit(), onDemandChunks(['mermaid', 'barcode-detector'], notPrecached), pwa],
	worker: { format: 'es' },
	// `IRIS_BENCH=1` builds the benchmark variant (src/app.d.ts `__IRIS_BENCH__`, bench/README.md).
	// `__IRIS_APP_VERSION__`: the release (package.json), shown in Settings next to the build.
	define: {
		__IRIS_BENCH__: JSON.stringify(process.env.IRIS_BENCH === '1'),
		__IRIS_APP_VERSION__: JSON.stringify(
			(JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version
		)
	},
	test: {
		include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts', 'gateway/**/*.test.ts'],
		environment: 'node',
		// Vitest's default is one worker per core but one: a single worker on a two-core machine,
		// which ran the unit tests in 172 s with a core mostly idle (most of a file's time is
		// importing modules, not CPU-heavy tests). Two workers there: 108 s; three: 129 s.
		maxWorkers: Math.max(2, availableParallelism() - 1),
		// Vitest's 5 s per test: a v3 client test waiting on its fake clock's work took longer on
		// this machine at a load of 14. A test that hangs still fails, later.
		testTimeout: 15_000
	}
});
