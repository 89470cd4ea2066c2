/**
 * The app's responses carry its Content-Security-Policy (the build's `<meta>` policy plus
 * `frame-ancestors 'none'`), `Referrer-Policy: no-referrer` and nosniff.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { metaPolicy } from '../../gateway/http/headers';
import { startGateway } from '../../gateway/server';
import { TOKEN, httpGet, makeStaticDir } from './gateway-helpers';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const stop of stops.splice(0)) await stop();
});

async function serve(indexHtml?: string) {
	const { dir, cleanup } = await makeStaticDir();
	if (indexHtml) await writeFile(path.join(dir, 'index.html'), indexHtml);
	const gw = await startGateway({
		host: '127.0.0.1',
		port: 0,
		token: TOKEN,
		staticDir: dir,
		log: () => {}
	});
	stops.push(async () => {
		await gw.close();
		await cleanup();
	});
	return gw;
}

const POLICY = "default-src 'self'; script-src 'self' 'sha256-abc='; object-src 'none'";

it("sends the page's own policy with frame-ancestors 'none' on pages and files", async () => {
	const html = `<!doctype html><meta http-equiv="content-security-policy" content="${POLICY.replace(/'/g, '&#39;')}"><title>x</title>`;
	const gw = await serve(html);
	for (const p of ['/', '/pair', '/chat/abc', '/_app/immutable/x.js', '/_app/missing.js']) {
		const res = await httpGet(gw.port, p);
		// Scripts too, unchanged: workers take their policy from them, and nothing needs eval.
		expect(res.headers['content-security-policy']).toBe(`${POLICY}; frame-ancestors 'none'`);
		expect(res.headers['referrer-policy']).toBe('no-referrer');
		expect(res.headers['x-content-type-options']).toBe('nosniff');
	}
});

it('still forbids framing when the page has no policy of its own', async () => {
	const gw = await serve();
	const res = await httpGet(gw.port, '/');
	expect(res.headers['content-security-policy']).toBe("frame-ancestors 'none'");
});

it('reads a <meta> policy as SvelteKit writes it', () => {
	expect(metaPolicy(`<meta http-equiv="content-security-policy" content="a &#39;b&#39;">`)).toBe(
		"a 'b'"
	);
	expect(metaPolicy('<title>none</title>')).toBeUndefined();
});
