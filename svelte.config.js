import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/**
 * `IRIS_BUILD_DIR` (default `build`) and `IRIS_BUILD_VERSION` (default: the build time) let the
 * e2e suite build a second, distinguishable version of the app to test service-worker updates.
 */
const buildDir = process.env.IRIS_BUILD_DIR || 'build';

/**
 * The app's Content-Security-Policy (doc/security.md "Headers for a deployment"), shipped as a
 * `<meta>` in every page (hashes for SvelteKit's inline start-up script) so that it holds on any
 * static host; the gateway sends the same policy as a header, with `frame-ancestors 'none'` (which
 * a `<meta>` cannot carry). Nothing runs but the app's own scripts; images may come from any
 * http(s) host because the reader can allow remote images per host at run time; the socket and
 * v3 media go to whatever gateway the user paired with.
 */
/** @type {import('@sveltejs/kit').KitConfig['csp']} */
const csp = {
	mode: 'hash',
	directives: {
		'default-src': ['self'],
		// No 'unsafe-eval': the protocol's validators are compiled ahead of time
		// (scripts/protocol-validators.ts).
		'script-src': ['self', 'wasm-unsafe-eval'],
		// Svelte style attributes, KaTeX and the code highlighter set inline styles.
		'style-src': ['self', 'unsafe-inline'],
		'img-src': ['self', 'blob:', 'data:', 'https:', 'http:'],
		'media-src': ['self', 'blob:'],
		'font-src': ['self', 'data:'],
		'connect-src': ['self', 'blob:', 'ws:', 'wss:', 'http:', 'https:'],
		'worker-src': ['self'],
		'manifest-src': ['self'],
		'frame-src': ['none'],
		'object-src': ['none'],
		'base-uri': ['none'],
		'form-action': ['self']
	}
};

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
		csp,
		// Only when given: a default computed here would differ between the config's loads.
		...(process.env.IRIS_BUILD_VERSION ? { version: { name: process.env.IRIS_BUILD_VERSION } } : {})
	}
};

export default config;
