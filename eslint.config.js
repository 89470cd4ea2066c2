import js from '@eslint/js';
import ts from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import svelteConfig from './svelte.config.js';
import layers from './eslint/layers.js';

const ROOT = import.meta.dirname;

/**
 * Which folder may import which (doc/architecture.md "Layers"), checked by `layers/imports`
 * (eslint/layers.js) on every source file, components and routes included. `may`: layers it
 * imports; `types`: layers it may import types from only; `packages`: packages it must not use.
 * tests/unit/lint-layers.test.ts proves that a wrong import fails.
 */
const NO_UI = ['svelte', '$app/', 'dexie'];
const LIB = (name) => `src/lib/${name}`;
/** The message catalogue and its locale (doc/i18n.md): a leaf every layer may use. */
const I18N = LIB('i18n');
export const LAYERS = {
	[I18N]: {
		packages: NO_UI,
		message: 'i18n/ is the message catalogue and formatting: it imports no other layer.'
	},
	[LIB('protocol')]: {
		packages: NO_UI,
		message: 'protocol/ is pure: no storage, no DOM, no UI.'
	},
	[LIB('search')]: {
		packages: NO_UI,
		message: 'search/ is pure text processing: the worker stores and queries it.'
	},
	[LIB('markdown')]: {
		may: [I18N],
		packages: NO_UI,
		message: 'markdown/ renders text; it reads no state.'
	},
	[LIB('db')]: {
		may: [LIB('protocol'), I18N],
		packages: ['svelte', '$app/'],
		message: 'db/ is the store both sides share: it knows no sockets and no UI.'
	},
	[LIB('platform')]: {
		may: [LIB('protocol'), I18N],
		packages: ['$app/'],
		message: 'platform/ wraps browser APIs.'
	},
	[LIB('bridge')]: {
		types: [LIB('protocol'), LIB('db')],
		message: 'bridge/ is the worker ⇄ page contract: types only.'
	},
	[LIB('connection')]: {
		may: [LIB('protocol'), LIB('search'), LIB('db'), LIB('platform'), I18N],
		types: [LIB('bridge')],
		packages: ['svelte', '$app/'],
		message: 'connection/ runs in the worker: no UI, no page state.'
	},
	// The worker entry also installs the bench controls, in benchmark builds only.
	[LIB('connection/worker.ts')]: {
		may: [
			LIB('connection'),
			LIB('connection/local'),
			LIB('protocol'),
			LIB('db'),
			LIB('bench'),
			I18N
		],
		types: [LIB('bridge')]
	},
	// The in-page client: the one part of connection/ the page may load (handle/in-page.ts).
	[LIB('connection/local')]: {},
	[LIB('handle')]: {
		may: [LIB('connection/local')],
		types: [LIB('bridge'), LIB('db')],
		packages: ['svelte', '$app/'],
		message: "handle/ starts the page's connection: the worker, or the in-page client."
	},
	[LIB('state')]: {
		may: [LIB('protocol'), LIB('db'), LIB('platform'), LIB('handle'), I18N],
		types: [LIB('bridge')],
		packages: ['$app/'],
		message: 'state/ reaches the connection only through handle/, and renders nothing.'
	},
	[LIB('components')]: {
		may: [LIB('state'), LIB('markdown'), LIB('db'), LIB('protocol'), LIB('platform'), I18N],
		types: [LIB('bridge')],
		message: 'components/ show state: they do not reach the connection or the routes.'
	},
	[LIB('pairing.ts')]: { may: [LIB('protocol')], types: [LIB('bridge')] },
	'src/routes': {
		may: [
			LIB('components'),
			LIB('state'),
			LIB('db'),
			LIB('platform'),
			LIB('protocol'),
			LIB('pairing.ts'),
			I18N
		],
		types: [LIB('bridge')],
		message: 'routes/ are thin pages over components and state.'
	},
	'src/service-worker.ts': {
		may: ['src/service-worker', LIB('db'), LIB('protocol'), I18N],
		message: 'The service worker imports only lib/db, lib/protocol and lib/i18n.'
	},
	'src/service-worker': { may: [LIB('db'), LIB('protocol'), I18N] },
	// Benchmark builds only: installed at start-up behind __IRIS_BENCH__.
	[LIB('bench')]: {
		may: [LIB('state'), LIB('markdown'), LIB('handle'), LIB('connection')],
		types: [LIB('bridge'), LIB('db')]
	},
	// Start-up: the bench (benchmark builds) and the theme, applied before the first render; the
	// date formatters, built when idle.
	'src/hooks.client.ts': { may: [LIB('bench'), LIB('platform'), I18N] },
	gateway: {
		may: [LIB('protocol'), LIB('search')],
		message: 'The gateway is built on the shared codec only.'
	}
};

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
	{
		files: ['src/**/*.ts', 'src/**/*.svelte', 'gateway/**/*.ts'],
		plugins: { layers },
		rules: { 'layers/imports': ['error', { root: ROOT, layers: LAYERS }] }
	},
	{
		// Dexie keeps, for each live query, every commit it hears of that does not concern it until
		// the query runs again; LiveQuery subscribes afresh a query that goes quiet, a raw one kept
		// every message key of a long session (bench/README.md "Long-session memory").
		files: ['src/**/*.ts', 'src/**/*.svelte'],
		ignores: ['src/lib/state/live.svelte.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					paths: [
						{
							name: 'dexie',
							importNames: ['liveQuery'],
							message:
								'Use LiveQuery (state/live.svelte.ts), or Dexie.on("storagemutated") for another database.'
						}
					]
				}
			],
			'no-restricted-properties': [
				'error',
				{
					object: 'Dexie',
					property: 'liveQuery',
					message: 'Use LiveQuery (state/live.svelte.ts).'
				}
			]
		}
	},
	{
		ignores: [
			'build/',
			'src/lib/protocol/iris/validators.generated.js',
			'build-next/',
			'build-bench/',
			'build-gateway/',
			'.svelte-kit/',
			'node_modules/',
			'test-results/',
			'test-results-bench/',
			'bench/search/dist/',
			'bench/ingest/dist/',
			'bench/channel-list/dist/',
			'playwright-report/',
			'spec/',
			'src/lib/i18n/paraglide/'
		]
	}
);
