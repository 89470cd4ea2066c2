/**
 * The Chromium features the tests and benches run without. Chromium keeps only the last
 * `--disable-features` switch on its command line, and Playwright passes one of its own
 * (playwright-core `chromiumSwitches.ts`: PaintHolding, HttpsUpgrades, …), so ours repeats
 * Playwright's list and adds to it. `checkFeatureSwitches` (run by the global setup) fails when a
 * Playwright upgrade disables a feature this list lacks.
 */
import type { LaunchOptions } from '@playwright/test';
import { chromium } from '@playwright/test';

/** Playwright 1.65's own list (playwright-core `chromiumSwitches.ts` `disabledFeatures`). */
const PLAYWRIGHT_DISABLED = [
	'AvoidUnnecessaryBeforeUnloadCheckSync',
	'DestroyProfileOnBrowserClose',
	'HttpsUpgrades',
	'HttpsFirstBalancedModeAutoEnable',
	'LensOverlay',
	'MediaRouter',
	'PaintHolding',
	'ThirdPartyStoragePartitioning',
	'AvoidCorsURLLoaderRestartOnRedirect',
	'TcpPortRandomizationWin',
	'OptimizationHints',
	'NetworkTimeServiceQuerying',
	'AimEnabled',
	'PreconnectToSearch',
	'msForceBrowserSignIn',
	'msEdgeUpdateLaunchServicesPreferredVersion'
];

/**
 * Chromium 156 builds the omnibox's WebUI popup for every new tab, headless too: a second
 * renderer loading ~200 modules, about 2 s of CPU on 2 cores each time a test opens a page. An
 * installed app's window has no address bar (bench/README-cold-start.md).
 */
const OMNIBOX_POPUP = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/** The one `--disable-features` switch to pass in `launchOptions.args`. */
export const DISABLE_FEATURES_SWITCH = `--disable-features=${[...PLAYWRIGHT_DISABLED, ...OMNIBOX_POPUP].join(',')}`;

const PREFIX = '--disable-features=';

/**
 * The features the last of `args`' `--disable-features` switches leaves enabled that an earlier
 * one disabled (Chromium keeps only the last switch). Empty when nothing is lost.
 */
export function lostFeatures(args: readonly string[]): string[] {
	const lists = args.filter((a) => a.startsWith(PREFIX)).map((a) => a.slice(PREFIX.length));
	const last = new Set(lists.at(-1)?.split(',') ?? []);
	return [...new Set(lists.slice(0, -1).flatMap((l) => l.split(',')))].filter(
		(f) => f && !last.has(f)
	);
}

/**
 * Launch Chromium with `options` and check its command line keeps every feature Playwright
 * disables. Throws (naming them) when our switch would turn some back on.
 */
export async function checkFeatureSwitches(options: LaunchOptions): Promise<void> {
	const server = await chromium.launchServer(options);
	try {
		const lost = lostFeatures(server.process().spawnargs);
		if (lost.length > 0)
			throw new Error(
				`[e2e] our --disable-features switch (tests/e2e/chromium-features.ts) turns back on what Playwright disables: ${lost.join(', ')}. Add them to PLAYWRIGHT_DISABLED.`
			);
	} finally {
		await server.close();
	}
}
