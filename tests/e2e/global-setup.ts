import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { checkFeatureSwitches } from './chromium-features';
import { makeBundles } from './make-bundles';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A second build of the app, for the update test (tests/e2e/pwa-update.spec.ts). */
export const NEXT_BUILD_DIR = 'build-next';

/**
 * The gateway serves the built SPA; without it every test would fail with a confusing 404.
 * Also builds the "next version" of the app (a different `IRIS_BUILD_VERSION`, so different
 * chunks and service worker) unless it is already newer than `build/`, and checks that the
 * browser's `--disable-features` switch keeps Playwright's own (tests/e2e/chromium-features.ts).
 * Bundles the gateway and the frame check the tests start (tests/e2e/bundles.ts), every run.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
	const launchOptions = config.projects[0]?.use.launchOptions;
	if (launchOptions) await checkFeatureSwitches(launchOptions);
	await makeBundles();
	const index = fileURLToPath(new URL('../../build/index.html', import.meta.url));
	if (!existsSync(index)) {
		throw new Error(
			`[e2e] ${index} is missing: run npm run build before the end-to-end tests (npm run test:e2e).`
		);
	}
	const nextIndex = fileURLToPath(new URL(`../../${NEXT_BUILD_DIR}/index.html`, import.meta.url));
	if (existsSync(nextIndex) && statSync(nextIndex).mtimeMs > statSync(index).mtimeMs) return;
	console.log('[e2e] building the next version of the app for the update test');
	execFileSync(
		process.execPath,
		['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'],
		{
			cwd: ROOT,
			env: {
				...process.env,
				IRIS_BUILD_DIR: NEXT_BUILD_DIR,
				IRIS_BUILD_VERSION: `next-${Date.now()}`
			},
			stdio: ['ignore', 'ignore', 'inherit']
		}
	);
}
