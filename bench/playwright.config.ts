import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../playwright.config';
import type { DialectOption, GatewayOptions } from '../tests/e2e/fixtures';

/**
 * `npm run bench`: the benchmark suite (bench/README.md) on the same Chromium and gateway fixtures
 * as the end-to-end tests, one worker, no timing assertions (figures are printed and written to
 * bench/results.json). The gateways serve the benchmark build (`IRIS_BENCH=1`, in `build-bench/`):
 * the app with the bench's baselines and counters installed at start-up (src/lib/bench/).
 */
export const BENCH_BUILD_DIR = fileURLToPath(new URL('../build-bench', import.meta.url));

export default defineConfig<DialectOption & { gatewayOptions: GatewayOptions }>({
	...base,
	// No trace: its DOM snapshotter runs in the page around every action (a click's snapshot
	// lands in the very frames a switch is timed over) and keeps every node it snapshotted alive
	// (the long-session bench counted them as the app's detached nodes).
	use: { ...base.use, trace: 'off', gatewayOptions: { staticDir: BENCH_BUILD_DIR } },
	testDir: '.',
	testMatch: '*.bench.ts',
	// Its own: a test run started beside a bench would empty `test-results/`, and with it the
	// file each bench gateway records its frames to.
	outputDir: '../test-results-bench',
	globalSetup: '../tests/e2e/global-setup.ts',
	workers: 1,
	retries: 0,
	// A full run (5 repetitions, unthrottled and ×4) takes about 40 minutes on 2 shared cores.
	timeout: 60 * 60_000
});
