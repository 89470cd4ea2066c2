import { expect, pairViaLink, test } from './fixtures';
import { launchProfile, waitForController } from './pwa-support';

test('the manifest and service worker pass the browser installability checks', async ({
	gateway
}, testInfo) => {
	const profile = await launchProfile(testInfo);
	try {
		const page = await profile.context.newPage();
		await pairViaLink(page, gateway);
		await waitForController(page);

		const manifest = (await (
			await page.request.get(`${gateway.httpUrl}/manifest.webmanifest`)
		).json()) as {
			display: string;
			icons: { sizes: string; purpose?: string }[];
			shortcuts: unknown[];
		};
		expect(manifest.display).toBe('standalone');
		expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(
			expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable'])
		);
		expect(manifest.shortcuts.length).toBeGreaterThan(0);

		const cdp = await profile.context.newCDPSession(page);
		const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
		expect(installabilityErrors).toEqual([]);
	} finally {
		await profile.close();
	}
});
