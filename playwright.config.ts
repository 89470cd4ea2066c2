import { defineConfig } from '@playwright/test';

/**
 * End-to-end: the built SPA (`build/`) served by the real reference gateway, driven in the
 * system Chromium. Each test starts its own gateway on a free port (tests/e2e/fixtures.ts).
 */
export default defineConfig({
	testDir: 'tests/e2e',
	globalSetup: './tests/e2e/global-setup.ts',
	fullyParallel: false,
	forbidOnly: !!process.env.CI,
	retries: 0,
	workers: process.env.CI ? 1 : 2,
	// `list` only: nothing that opens a browser or a report server after the run.
	reporter: 'list',
	timeout: 60_000,
	expect: { timeout: 15_000 },
	use: {
		browserName: 'chromium',
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
				'--disable-quic'
			]
		}
	}
});
