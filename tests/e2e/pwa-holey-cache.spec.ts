import {
	expect,
	messageLog,
	pairViaLink,
	replyTo,
	sendMessage,
	test,
	userMessage
} from './fixtures';
import { waitForController } from './pwa-support';

const TEXT = 'Still here after the cache lost a file';

test('a precache with a hole never starts a blank app: offline it says so, online it loads from the network', async ({
	context,
	page,
	gateway,
	startGateway
}) => {
	await pairViaLink(page, gateway);
	await waitForController(page);
	// Update checks never read the worker script from the HTTP cache.
	expect(
		await page.evaluate(async () => (await navigator.serviceWorker.ready).updateViaCache)
	).toBe('none');
	await sendMessage(page, TEXT);
	await expect(replyTo(page, TEXT)).toHaveAttribute('data-status', 'complete');
	const chatUrl = page.url();

	// The browser evicts one of the build's files (here: the chat page's own chunk).
	const evicted = await page.evaluate(async () => {
		const name = (await caches.keys()).find((n) => n.startsWith('workbox-precache'))!;
		const cache = await caches.open(name);
		const node = (await cache.keys()).find((r) => /\/_app\/immutable\/nodes\//.test(r.url))!;
		await cache.delete(node);
		return node.url;
	});
	expect(evicted).toContain('/_app/immutable/nodes/');

	// No server and no network: only the service worker answers, and it cannot start the app.
	await gateway.kill();
	await context.setOffline(true);
	await page.close();
	const cold = await context.newPage();
	await cold.goto(chatUrl);
	await expect(cold.getByRole('heading', { name: 'Iris needs the network once' })).toBeVisible();
	await expect(cold.getByRole('link', { name: 'Try again' })).toHaveAttribute(
		'href',
		new URL(chatUrl).pathname
	);

	// Back online (the same gateway again): Try again starts the app from the network and the
	// conversation is there; the missing file is cached again.
	await startGateway({ port: gateway.port, dataDir: gateway.dataDir, token: gateway.token });
	await context.setOffline(false);
	await cold.getByRole('link', { name: 'Try again' }).click();
	await expect(userMessage(cold, TEXT)).toBeVisible();
	await expect(messageLog(cold)).toBeVisible();
	await expect
		.poll(() =>
			cold.evaluate(async (url) => {
				const name = (await caches.keys()).find((n) => n.startsWith('workbox-precache'))!;
				return (await (await caches.open(name)).match(url)) !== undefined;
			}, evicted)
		)
		.toBe(true);
});
