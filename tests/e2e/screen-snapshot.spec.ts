/**
 * The last screen (static/screen-snapshot.js, src/lib/platform/screen-snapshot.ts): a page
 * hidden or closed on a conversation keeps a copy of the screen; the next start shows it at once,
 * inert, and the app replaces it with the same conversation at the same place.
 */
import type { Page } from '@playwright/test';
import {
	composer,
	expect,
	pairViaLink,
	replyTo,
	sendMessage,
	test,
	type Gateway
} from './fixtures';
import {
	SNAPSHOT_KEY,
	openWithCopy,
	readyForCopy,
	snapshotSeen,
	storedSnapshot,
	watchSnapshot
} from './snapshot-support';

const TEXT = 'Remember this screen';

/** Watch the copy on `page`, pair it, send `TEXT` and wait for the whole reply; its id. */
async function converse(page: Page, gateway: Gateway): Promise<string> {
	await watchSnapshot(page);
	await pairViaLink(page, gateway);
	await sendMessage(page, TEXT);
	const reply = replyTo(page, TEXT);
	await expect(reply).toHaveAttribute('data-status', 'complete');
	return (await reply.getAttribute('data-message-id')) ?? '';
}

test('the last screen shows at once on the next start, inert, and gives way to the app at the same place', async ({
	page,
	gateway
}) => {
	const replyId = await converse(page, gateway);
	// Nothing is kept while the page is shown.
	expect(await storedSnapshot(page)).toBeNull();

	for (const open of [() => page.reload(), () => page.goto(gateway.httpUrl)]) {
		const seen = await openWithCopy(page, open);
		expect(seen).toMatchObject({
			stored: true,
			shown: true,
			removed: true,
			inert: true,
			tapsHitHost: true,
			ariaHidden: 'true',
			lastMessage: replyId,
			// It went once the app showed the same newest message, at the end of the log.
			liveHadLast: true
		});
		expect(seen.text).toContain(TEXT);
		expect(Math.abs(seen.liveFromEnd)).toBeLessThanOrEqual(2);
		expect(seen.tags).not.toContain('script');
		// Read once: nothing is stored while this page is shown.
		expect(await storedSnapshot(page)).toBeNull();
		await expect(page).toHaveURL(/\/chat\/default$/);
	}
	await expect(composer(page)).toBeEditable();
	await sendMessage(page, 'And this one');
});

test('the copy shows only where it belongs: not for a search jump, another window size, or after unpairing', async ({
	page,
	context,
	gateway
}) => {
	const replyId = await converse(page, gateway);
	const reply = replyTo(page, TEXT);
	const chat = page.url();

	// A search jump opens another place in the conversation: the copy is not shown (and used up).
	await readyForCopy(page);
	await page.goto(`${chat}?message=${encodeURIComponent(replyId)}`);
	await expect(reply).toBeVisible();
	expect(await snapshotSeen(page)).toMatchObject({ stored: true, added: false });
	expect(await storedSnapshot(page)).toBeNull();

	// A window of another size: no copy (its layout would not match).
	await page.goto(chat);
	await expect(reply).toBeVisible();
	await readyForCopy(page);
	const wide = await context.newPage();
	await watchSnapshot(wide);
	await wide.setViewportSize({ width: 900, height: 640 });
	await page.close();
	await wide.goto(chat);
	await expect(replyTo(wide, TEXT)).toBeVisible();
	expect(await snapshotSeen(wide)).toMatchObject({ stored: true, added: false });

	// Unpairing in one tab forgets the copy another tab kept when it was closed.
	const other = await context.newPage();
	await other.setViewportSize({ width: 900, height: 640 });
	await other.goto(chat);
	await expect(replyTo(other, TEXT)).toBeVisible();
	await readyForCopy(other);
	await other.goto('about:blank');
	await expect.poll(() => storedSnapshot(wide)).toMatchObject({ chat_id: 'default' });
	await wide.getByRole('link', { name: 'Settings', exact: true }).click();
	await wide.getByRole('button', { name: 'Forget this device', exact: true }).click();
	const forget = wide.getByRole('dialog', { name: 'Forget this gateway on this device?' });
	await forget.getByRole('button', { name: 'Forget', exact: true }).click();
	await expect(wide.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
	expect(await storedSnapshot(wide)).toBeNull();
});

test('a copy tampered with in storage runs nothing, loads nothing and takes no input', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const viewport = page.viewportSize();
	// The page's own stylesheets (a copy of another build is not shown), and one elsewhere.
	const own = await page.evaluate(() =>
		Array.from(document.styleSheets, (sheet) => sheet.href).filter((href) => href !== null)
	);
	const record = {
		v: 1,
		path: new URL(page.url()).pathname,
		home: '/',
		chat_id: 'default',
		width: viewport?.width,
		height: viewport?.height,
		styles: [...own, 'http://127.0.0.1:9/_app/immutable/assets/evil.css'],
		html:
			'<div><p>Harmless words</p><img src="/x.png" onerror="window.__pwned=1">' +
			'<script>window.__pwned=2</script><iframe srcdoc="<script>parent.__pwned=3</script>"></iframe>' +
			'<a href="javascript:window.__pwned=4">link</a><div style="background:url(/tracked.png)">styled</div>' +
			'<svg><image href="/svg.png"></image><use href="/sprite.svg#a"></use>' +
			'<rect fill="url(/paint.svg#p)"></rect></svg><p style="background:u\\72 l(/escaped.png)">e</p>' +
			'<object data="/x.swf"></object><link rel="stylesheet" href="/evil.css">' +
			'<button onclick="window.__pwned=5" autofocus>Go</button><dialog open>Modal</dialog></div>'
	};
	await watchSnapshot(page);
	// Stored by the next load that asks for it, over the real copy the page kept when it left.
	await page.addInitScript(
		([key, value]) => {
			if (!sessionStorage.getItem('tamper')) return;
			sessionStorage.removeItem('tamper');
			localStorage.setItem(key, value);
		},
		[SNAPSHOT_KEY, JSON.stringify(record)] as const
	);
	const requested: string[] = [];
	page.on('request', (request) => requested.push(new URL(request.url()).pathname));
	const seen = await openWithCopy(page, async () => {
		await page.evaluate(() => sessionStorage.setItem('tamper', '1'));
		await page.reload();
	});
	expect(seen).toMatchObject({ shown: true, removed: true });
	expect(seen.text).toContain('Harmless words');
	for (const tag of ['img', 'script', 'iframe', 'image', 'use', 'object', 'dialog'])
		expect(seen.tags).not.toContain(tag);
	// Only the app's own stylesheets are linked.
	expect(seen.links.sort()).toEqual([...own].sort());
	expect(seen.html).not.toMatch(/onerror|onclick|javascript:|url\(|autofocus/);
	const requestedAssets = requested.filter((path) =>
		[
			'/x.png',
			'/tracked.png',
			'/svg.png',
			'/sprite.svg',
			'/paint.svg',
			'/escaped.png',
			'/x.swf',
			'/evil.css',
			'/_app/immutable/assets/evil.css'
		].includes(path)
	);
	expect(requestedAssets).toEqual([]);
	expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
	await expect(composer(page)).toBeEditable();
});
