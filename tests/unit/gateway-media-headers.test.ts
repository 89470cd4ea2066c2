/**
 * `GET /media/{id}` never serves an active type inline on the app's origin: HTML, SVG and
 * unknown types are attachments; every media response is nosniff and sandboxed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BEARER, startTestGateway, type TestGateway } from './gateway-helpers';

let t: TestGateway;
beforeAll(async () => {
	t = await startTestGateway({ testHooks: true });
});
afterAll(() => t.stop());

/** Store `body` as the agent would (test hook) and fetch it back through `/media/{id}`. */
async function served(mime: string, filename: string, body: string): Promise<Headers> {
	const q = new URLSearchParams({ kind: 'document', mime, filename });
	const offer = await fetch(`${t.gw.httpUrl}/__test/media/offer?${q}`, {
		method: 'POST',
		body,
		headers: BEARER
	});
	const { media_id } = (await offer.json()) as { media_id: string };
	const res = await fetch(`${t.gw.httpUrl}/media/${media_id}`, { headers: BEARER });
	expect(res.status).toBe(200);
	await res.arrayBuffer();
	return res.headers;
}

it.each([
	['text/html', 'page.html'],
	['image/svg+xml', 'logo.svg'],
	['application/xhtml+xml', 'x.xhtml'],
	['text/javascript', 'x.js'],
	['application/pdf', 'x.pdf'],
	['', 'unknown']
])('serves %s as an attachment, sandboxed', async (mime, filename) => {
	const headers = await served(mime, filename, '<script>alert(1)</script>');
	expect(headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''/);
	expect(headers.get('x-content-type-options')).toBe('nosniff');
	expect(headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
});

it.each([
	['image/png', 'a.png'],
	['audio/mpeg', 'a.mp3'],
	['video/mp4', 'a.mp4']
])('serves %s inline, still nosniff and sandboxed', async (mime, filename) => {
	const headers = await served(mime, filename, 'bytes');
	expect(headers.get('content-disposition')).toBe(`inline; filename*=UTF-8''${filename}`);
	expect(headers.get('x-content-type-options')).toBe('nosniff');
	expect(headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
});
