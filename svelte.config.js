import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/**
 * `IRIS_BUILD_DIR` (default `build`) and `IRIS_BUILD_VERSION` (default: the build time) let the
 * e2e suite build a second, distinguishable version of the app to test service-worker updates.
 */
const buildDir = process.env.IRIS_BUILD_DIR || 'build';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	compilerOptions: { runes: true },
	kit: {
		// SPA: every route falls back to index.html; the gateway and the offline static server serve it.
		adapter: adapter({ pages: buildDir, assets: buildDir, fallback: 'index.html' }),
		// Registered by the page with workbox-window (src/lib/platform/service-worker.ts, driven by
		// src/lib/state/pwa.svelte.ts), so that a waiting worker becomes a "New version available"
		// prompt instead of a silent switch.
		serviceWorker: { register: false },
		// Only when given: a default computed here would differ between the config's loads.
		...(process.env.IRIS_BUILD_VERSION ? { version: { name: process.env.IRIS_BUILD_VERSION } } : {})
	}
};

export default config;
