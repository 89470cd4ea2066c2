import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
	plugins: [sveltekit()],
	worker: { format: 'es' },
	test: {
		include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts', 'gateway/**/*.test.ts'],
		environment: 'node'
	}
});
