import type { Request } from '@playwright/test';
import { expect, messageLog, pairViaLink, sendMessage, test } from './fixtures';
import { attachFiles, imageLoaded, testFiles } from './media-support';

/**
 * Against a Hermes Chat v3 gateway the token rides in `Authorization: Bearer` on every HTTP
 * request (media upload, media download); only the WebSocket URL carries `?token=`.
 */
test('v3 media requests carry the token in a header, never in the URL', async ({
	page,
	gateway
}) => {
	const requests: Request[] = [];
	// Requests of the page and of its connection worker.
	page.context().on('request', (r) => {
		if (r.url().startsWith(gateway.httpUrl) || r.url().startsWith(gateway.v3WsUrl))
			requests.push(r);
	});
	await pairViaLink(page, gateway);

	await attachFiles(page, [testFiles().png]);
	const tray = page.getByRole('list', { name: 'Attachments' });
	await expect(tray.getByRole('listitem').filter({ hasText: 'pic.png' })).toContainText('Uploaded');
	await sendMessage(page, '/demo media');
	const img = messageLog(page)
		.locator('article[data-role="assistant"]')
		.getByRole('img', { name: 'gradient.png' });
	await expect.poll(() => imageLoaded(img)).toBe(true);

	const media = requests.filter((r) =>
		/\/(api\/media\/upload|media\/)/.test(new URL(r.url()).pathname)
	);
	expect(media.filter((r) => r.method() === 'POST')).not.toHaveLength(0);
	expect(media.filter((r) => r.method() === 'GET')).not.toHaveLength(0);
	for (const r of media) {
		expect(r.url(), r.url()).not.toContain('token=');
		expect(await r.headerValue('authorization'), r.url()).toBe(`Bearer ${gateway.token}`);
	}
	// Nothing else the app asked of the gateway over HTTP had the token in its URL either.
	const withToken = requests.filter((r) => r.url().includes(encodeURIComponent(gateway.token)));
	for (const r of withToken) expect(new URL(r.url()).protocol, r.url()).toBe('ws:');
});
