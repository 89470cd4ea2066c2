import js from '@eslint/js';
import ts from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import svelteConfig from './svelte.config.js';

/** Layering (doc/architecture.md): protocol ← db ← connection/bridge ← state ← components. */
const layer = (files, forbidden, message) => ({
	files,
	rules: {
		'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }] }]
	}
});

/** What the pure layers (protocol/, search/) may not import: storage, DOM, UI. */
const PURE = [
	'**/db/**',
	'**/connection/**',
	'**/bridge/**',
	'**/state/**',
	'**/components/**',
	'dexie',
	'svelte*',
	'$app/*'
];

export default ts.config(
	js.configs.recommended,
	...ts.configs.recommended,
	...svelte.configs.recommended,
	prettier,
	...svelte.configs.prettier,
	{
		languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.worker } }
	},
	{
		files: ['**/*.ts', '**/*.svelte', '**/*.svelte.ts'],
		languageOptions: {
			parserOptions: {
				projectService: true,
				extraFileExtensions: ['.svelte'],
				parser: ts.parser,
				svelteConfig
			}
		},
		rules: {
			'@typescript-eslint/no-floating-promises': 'error',
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }]
		}
	},
	layer(['src/lib/protocol/**'], PURE, 'protocol/ is pure: no storage, no DOM, no UI.'),
	layer(
		['src/lib/search/**'],
		PURE,
		'search/ is pure text processing: the worker stores and queries it (doc/search.md).'
	),
	layer(
		['src/lib/db/**'],
		['**/connection/**', '**/bridge/**', '**/state/**', '**/components/**', 'svelte*', '$app/*'],
		'db/ depends only on protocol/.'
	),
	layer(
		['src/lib/connection/**'],
		['**/state/**', '**/components/**', 'svelte*', '$app/*'],
		'connection/ runs in the worker: no UI.'
	),
	layer(
		['src/lib/state/**'],
		['**/components/**', '**/connection/**'],
		'state/ talks to the worker only through bridge/.'
	),
	layer(
		['gateway/**'],
		['**/src/lib/db/**', '**/src/lib/state/**', '**/components/**'],
		'gateway uses protocol/ only.'
	),
	{
		ignores: [
			'build/',
			'build-next/',
			'build-bench/',
			'.svelte-kit/',
			'node_modules/',
			'test-results/',
			'bench/search/dist/',
			'bench/ingest/dist/',
			'playwright-report/',
			'spec/'
		]
	}
);
