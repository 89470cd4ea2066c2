import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makePng } from '../../gateway/media/samples';
import { expect, pairViaLink, replyTo, sendMessage, test } from './fixtures';
import { imageLoaded } from './media-support';

/** A tiny image server on 127.0.0.1 (a free port) that counts what it was asked for. */
async function imageServer(): Promise<{ server: Server; host: string; hits: string[] }> {
	const hits: string[] = [];
	const png = makePng(40, 30);
	const server = createServer((req, res) => {
		hits.push(req.url ?? '');
		res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
		res.end(png);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return { server, host: `127.0.0.1:${port}`, hits };
}

test('a remote image in an answer is fetched only after "Load image"; "Always" remembers its host', async ({
	page,
	gateway
}) => {
	const images = await imageServer();
	try {
		await pairViaLink(page, gateway);
		// The demo agent quotes the user's markdown in its (streamed) answer.
		const first = `Look ![chart](http://${images.host}/chart.png?d=secret) here`;
		await sendMessage(page, first);
		const reply = replyTo(page, 'Look');
		await expect(reply).toHaveAttribute('data-status', 'complete');
		const load = reply.getByRole('button', { name: `Load image from ${images.host}` });
		await expect(load).toBeVisible();
		await expect(reply.getByRole('img', { name: 'chart' })).toHaveCount(0);
		expect(images.hits).toEqual([]);

		await load.click();
		const img = reply.getByRole('img', { name: 'chart' });
		await expect.poll(() => imageLoaded(img)).toBe(true);
		expect(images.hits).toEqual(['/chart.png?d=secret']);
		// The keyboard stays where the button was.
		await expect(reply.locator('.remote-image')).toBeFocused();

		// "Always" for the host: this image loads, and so do the next ones and after a reload.
		await sendMessage(page, `Second ![two](http://${images.host}/two.png) one`);
		const second = replyTo(page, 'Second');
		await expect(second).toHaveAttribute('data-status', 'complete');
		// Not fetched before the reader allows it. (The first image may be fetched again: a
		// reconnect under load re-renders its bubble, and the server says no-store.)
		expect(images.hits.filter((h) => !h.startsWith('/chart.png'))).toEqual([]);
		await second.getByRole('button', { name: `Always load images from ${images.host}` }).click();
		await expect.poll(() => imageLoaded(second.getByRole('img', { name: 'two' }))).toBe(true);

		await sendMessage(page, `Third ![three](http://${images.host}/three.png) one`);
		const third = replyTo(page, 'Third');
		await expect.poll(() => imageLoaded(third.getByRole('img', { name: 'three' }))).toBe(true);
		await expect(third.getByRole('button', { name: /^Load image/ })).toHaveCount(0);

		await page.reload();
		await expect.poll(() => imageLoaded(replyTo(page, 'Third').getByRole('img'))).toBe(true);
		expect(images.hits.filter((h) => h.startsWith('/three.png')).length).toBeGreaterThan(1);

		// Settings lists the host and can forget it.
		await page.getByRole('link', { name: 'Settings', exact: true }).click();
		await page.getByRole('button', { name: `Ask again for ${images.host}` }).click();
		await expect(page.getByText('load only when you choose')).toBeVisible();
	} finally {
		// The browser keeps its connections to the image server open: close them, or `close`
		// waits for them (here until the test's timeout).
		images.server.closeAllConnections();
		await new Promise((resolve) => images.server.close(resolve));
	}
});
