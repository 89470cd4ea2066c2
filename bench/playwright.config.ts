import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

/**
 * `npm run bench`: the benchmark suite (bench/README.md) on the same Chromium and gateway fixtures
 * as the end-to-end tests, one worker, no timing assertions (figures are printed and written to
 * bench/results.json).
 */
export default defineConfig({
	...base,
	testDir: '.',
	testMatch: '*.bench.ts',
	globalSetup: '../tests/e2e/global-setup.ts',
	workers: 1,
	retries: 0,
	// A full run (5 repetitions) takes several minutes on 2 shared cores.
	timeout: 30 * 60_000
});
