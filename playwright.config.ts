import { defineConfig } from '@playwright/test';
import type { DialectOption } from './tests/e2e/fixtures';
import { DISABLE_FEATURES_SWITCH } from './tests/e2e/chromium-features';

/**
 * End-to-end: the built SPA (`build/`) served by the real reference gateway, driven in the
 * system Chromium. Each test starts its own gateway on a free port (tests/e2e/fixtures.ts).
 */
/**
 * The specs whose key scenarios also run against the Hermes Chat v3 dialect: pair, stream a reply,
 * media both ways, a disconnect mid-stream, offline after a reload, a v3 agent's answer relayed.
 */
const BOTH_DIALECTS = [
	'chat.spec.ts',
	'media-upload.spec.ts',
	'media-pull.spec.ts',
	'reconnect.spec.ts',
	'offline-reload.spec.ts',
	'disconnect-midstream.spec.ts',
	'v3-agent-relay.spec.ts'
];

/**
 * Only in the `v3` project: v3 pairing (explicit choice, user id, refused token), the token
 * on v3's HTTP media requests, and an agent's `error` shown on the message it answers.
 */
const V3_ONLY = ['pairing-v3.spec.ts', 'v3-media-auth.spec.ts', 'v3-message-errors.spec.ts'];

export default defineConfig<DialectOption>({
	testDir: 'tests/e2e',
	globalSetup: './tests/e2e/global-setup.ts',
	// The frame check's bundle (tests/e2e/bundles.ts) is plain JavaScript: imported as it is,
	// not run through Playwright's Babel transform (~470 kB, once per worker).
	build: { external: ['**/build-gateway/**'] },
	fullyParallel: false,
	forbidOnly: !!process.env.CI,
	retries: 0,
	// Two workers on this machine's two cores, in CI too: one worker left a core idle while a test
	// waited on its gateway or a timer (30.6 min for the suite, 21–26 with two). It also keeps the
	// suite honest about a loaded machine: every wait is on an event, never on the clock.
	workers: 2,
	// `list` only: nothing that opens a browser or a report server after the run.
	reporter: 'list',
	timeout: 60_000,
	expect: { timeout: 15_000 },
	projects: [
		{ name: 'iris', testIgnore: V3_ONLY.map((file) => `**/${file}`), use: { dialect: 'iris' } },
		{
			name: 'v3',
			testMatch: [...BOTH_DIALECTS, ...V3_ONLY].map((file) => `**/${file}`),
			use: { dialect: 'v3' }
		}
	],
	use: {
		browserName: 'chromium',
		// The UI contract's names are English: every test runs in an English browser unless it
		// asks for another language (tests/e2e/language.spec.ts).
		locale: 'en-US',
		// A trace of each failing test. Recording costs every test ~1 s of CPU, kept or not, but
		// without it three runs in a row on this machine each failed a different test that waits on
		// animation frames (keyboard, follow-scripted, log walks): recording paces the frames, and
		// those tests have not yet been made to hold without it.
		trace: 'retain-on-failure',
		launchOptions: {
			// Debian's Chromium; never `npx playwright install` (it downloads a browser).
			executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--no-first-run',
				'--disable-quic',
				DISABLE_FEATURES_SWITCH
			]
		}
	}
});
