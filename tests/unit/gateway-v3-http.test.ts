import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { V3FrameOf } from '../../src/lib/protocol/hermes-v3';
import { makePng } from '../../gateway/media/samples';
import { startTestGateway, TOKEN, type TestGateway } from './gateway-helpers';
import { streamedText, upload, V3Client, v3Message } from './gateway-v3-helpers';

const LIMIT = 4096;
const q = `?token=${encodeURIComponent(TOKEN)}`;
let t: TestGateway;

beforeEach(async () => {
	t = await startTestGateway({ mediaMaxBytes: LIMIT });
});

afterEach(async () => {
	await t.stop();
});

const bytes = (n: number, fill = 7) => new Uint8Array(n).fill(fill);

describe('POST /api/media/upload', () => {
	it('stores a multipart file and answers {media_id, name, type, size}; GET /media/:id serves it', async () => {
		const data = bytes(1000, 42);
		const res = await upload(t.gw.httpUrl, { name: 'notes.txt', type: 'text/plain', bytes: data });
		expect(res.status).toBe(200);
		expect(res.body).toEqual({
			media_id: expect.stringMatching(/^med_[0-9a-f]{32}$/),
			name: 'notes.txt',
			type: 'text/plain',
			size: 1000
		});
		const got = await fetch(`${t.gw.httpUrl}/media/${res.body.media_id}${q}`);
		expect(got.status).toBe(200);
		expect(got.headers.get('content-type')).toBe('text/plain');
		expect(got.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''notes.txt");
		expect(new Uint8Array(await got.arrayBuffer())).toEqual(data);
		const head = await fetch(`${t.gw.httpUrl}/media/${res.body.media_id}${q}`, { method: 'HEAD' });
		expect(head.headers.get('content-length')).toBe('1000');
	});

	it('takes the token as Authorization: Bearer too', async () => {
		const file = { name: 'a.png', type: 'image/png', bytes: bytes(10) };
		const res = await upload(t.gw.httpUrl, file, { bearer: TOKEN });
		expect(res.status).toBe(200);
	});

	it('refuses a missing or wrong token with 401', async () => {
		const file = { name: 'a.txt', type: 'text/plain', bytes: bytes(10) };
		expect((await upload(t.gw.httpUrl, file, {})).status).toBe(401);
		const wrong = await upload(t.gw.httpUrl, file, { token: 'nope' });
		expect(wrong).toEqual({ status: 401, body: { code: 'upload_failed', text: 'token rejected' } });
		const media = await fetch(`${t.gw.httpUrl}/media/med_x`);
		expect(media.status).toBe(401);
	});

	it('accepts a file of exactly the limit and refuses one byte more: 413 file_too_large', async () => {
		const at = await upload(t.gw.httpUrl, {
			name: 'a.bin',
			type: 'application/pdf',
			bytes: bytes(LIMIT)
		});
		expect(at.status).toBe(200);
		const over = await upload(t.gw.httpUrl, {
			name: 'b.bin',
			type: 'application/pdf',
			bytes: bytes(LIMIT + 1)
		});
		expect(over.status).toBe(413);
		expect(over.body).toMatchObject({
			code: 'file_too_large',
			text: expect.stringContaining(`${LIMIT}`)
		});
		expect(t.logs.some((l) => l.includes('v3 upload refused'))).toBe(true);
	});

	it('refuses executables and scripts: 415 unsupported', async () => {
		const res = await upload(t.gw.httpUrl, {
			name: 'run.sh',
			type: 'application/x-sh',
			bytes: bytes(10)
		});
		expect(res).toMatchObject({ status: 415, body: { code: 'unsupported' } });
	});

	it('refuses a body that is not multipart, or has no file: 400 upload_failed', async () => {
		const json = await fetch(`${t.gw.httpUrl}/api/media/upload${q}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}'
		});
		expect(json.status).toBe(400);
		expect(await json.json()).toMatchObject({ code: 'upload_failed' });
		const form = new FormData();
		form.append('note', 'no file here');
		const empty = await fetch(`${t.gw.httpUrl}/api/media/upload${q}`, {
			method: 'POST',
			body: form
		});
		expect(empty.status).toBe(400);
		expect(await empty.json()).toEqual({
			code: 'upload_failed',
			text: 'no file part in the upload'
		});
	});

	it('answers 404 for an unknown media id and 405 for a GET of the upload path', async () => {
		const missing = await fetch(`${t.gw.httpUrl}/media/med_nothing${q}`);
		expect(missing.status).toBe(404);
		expect(await missing.json()).toMatchObject({ code: 'upload_failed' });
		expect((await fetch(`${t.gw.httpUrl}/api/media/upload${q}`)).status).toBe(405);
	});

	it('answers CORS preflights', async () => {
		const res = await fetch(`${t.gw.httpUrl}/api/media/upload`, {
			method: 'OPTIONS',
			headers: { origin: t.gw.httpUrl }
		});
		expect(res.status).toBe(204);
		expect(res.headers.get('access-control-allow-origin')).toBe(t.gw.httpUrl);
		expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
	});
});

describe('GET /ws/app without an upgrade', () => {
	it('tells a rejected token (401) from an accepted one (426)', async () => {
		expect((await fetch(`${t.gw.httpUrl}/ws/app?token=nope`)).status).toBe(401);
		expect((await fetch(`${t.gw.httpUrl}/ws/app${q}`)).status).toBe(426);
	});
});

describe('media messages over the socket', () => {
	let client: V3Client;
	beforeEach(async () => {
		client = await V3Client.connect(t.gw.v3WsUrl);
	});
	afterEach(async () => {
		expect(client.invalid).toEqual([]);
		await client.close();
	});

	it('an uploaded image sent as an image message gets a reply describing it', async () => {
		const png = makePng(8, 6);
		const up = await upload(t.gw.httpUrl, {
			name: 'tiny.png',
			type: 'image/png',
			bytes: new Uint8Array(png)
		});
		const media = {
			id: up.body.media_id,
			name: 'tiny.png',
			type: 'image/png',
			size: png.length,
			width: 8,
			height: 6
		};
		client.send(v3Message('image', { text: 'look', media }));
		const text = streamedText(await client.streamed());
		expect(text).toContain('an image "tiny.png" (image/png');
		expect(text).toContain('8×6');
	});

	it('a media id that was never uploaded: error{upload_failed}', async () => {
		const media = { id: 'med_unknown', type: 'audio/aac', size: 10, duration: 2 };
		const msg = v3Message('voice', { media });
		client.send(msg);
		const err = (await client.waitFor((f) => f.type === 'error')) as V3FrameOf<'error'>;
		expect(err).toMatchObject({ reply_to: msg.id, data: { code: 'upload_failed' } });
	});

	it('a declared size over the limit: error{file_too_large}; a type that does not fit: unsupported', async () => {
		const up = await upload(t.gw.httpUrl, { name: 'a.txt', type: 'text/plain', bytes: bytes(5) });
		const big = { id: up.body.media_id, name: 'a.txt', type: 'text/plain', size: LIMIT + 1 };
		client.send(v3Message('file', { media: big }));
		const tooBig = (await client.waitFor((f) => f.type === 'error')) as V3FrameOf<'error'>;
		expect(tooBig.data.code).toBe('file_too_large');
		const from = client.frames.length;
		const wrong = { ...big, size: 5, width: 1, height: 1 };
		client.send(v3Message('image', { media: wrong }));
		const unsupported = (await client.waitFor(
			(f) => f.type === 'error',
			from
		)) as V3FrameOf<'error'>;
		expect(unsupported.data).toMatchObject({ code: 'unsupported' });
		expect(unsupported.data.text).toContain('image/*');
	});
});
