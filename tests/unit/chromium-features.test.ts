import { describe, expect, it } from 'vitest';
import { DISABLE_FEATURES_SWITCH, lostFeatures } from '../../tests/e2e/chromium-features';

describe('lostFeatures (Chromium keeps only the last --disable-features switch)', () => {
	it('names what an earlier switch disabled and the last one does not', () => {
		const args = [
			'--disable-features=PaintHolding,MediaRouter',
			'--no-sandbox',
			'--disable-features=Foo'
		];
		expect(lostFeatures(args)).toEqual(['PaintHolding', 'MediaRouter']);
	});

	it('is empty when the last switch repeats the earlier ones, or there is only one', () => {
		expect(lostFeatures(['--disable-features=A,B', '--disable-features=B,A,C'])).toEqual([]);
		expect(lostFeatures(['--disable-features=A'])).toEqual([]);
		expect(lostFeatures(['--no-sandbox'])).toEqual([]);
	});

	it("our switch keeps Playwright 1.65's list and adds the omnibox popup", () => {
		const playwright =
			'--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,AvoidCorsURLLoaderRestartOnRedirect,TcpPortRandomizationWin,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch,msForceBrowserSignIn,msEdgeUpdateLaunchServicesPreferredVersion';
		expect(lostFeatures([playwright, DISABLE_FEATURES_SWITCH])).toEqual([]);
		expect(DISABLE_FEATURES_SWITCH).toContain('WebUIOmniboxPopup');
	});
});
