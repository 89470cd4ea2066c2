import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	compilerOptions: { runes: true },
	kit: {
		// SPA: every route falls back to index.html; the gateway and the offline static server serve it.
		adapter: adapter({ fallback: 'index.html' })
	}
};

export default config;
