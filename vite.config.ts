import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { defineConfig } from 'vitest/config';
import { webManifest } from './src/web-manifest.ts';
import { onDemandChunks } from './scripts/on-demand-chunks.ts';

// Mermaid's chunks are not precached (filled in by the plugin during the client build).
const notPrecached: string[] = [];

export default defineConfig({
	plugins: [
		sveltekit(),
		onDemandChunks(['mermaid'], notPrecached),
		SvelteKitPWA({
			strategies: 'injectManifest',
			srcDir: 'src',
			filename: 'service-worker.ts',
			// The page registers it (workbox-window) and asks before switching versions.
			injectRegister: false,
			registerType: 'prompt',
			manifest: webManifest,
			injectManifest: {
				globPatterns: ['client/**/*.{js,css,ico,png,svg,webmanifest,json}'],
				globIgnores: notPrecached
			},
			// adapter-static writes index.html after the client build: add it to the precache by
			// name (its revision follows _app/version.json), or offline navigations have no shell.
			kit: { adapterFallback: 'index.html', spa: true, includeVersionFile: true }
		})
	],
	worker: { format: 'es' },
	// `IRIS_BENCH=1` builds the benchmark variant (src/app.d.ts `__IRIS_BENCH__`, bench/README.md).
	define: { __IRIS_BENCH__: JSON.stringify(process.env.IRIS_BENCH === '1') },
	test: {
		include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts', 'gateway/**/*.test.ts'],
		environment: 'node'
	}
});
