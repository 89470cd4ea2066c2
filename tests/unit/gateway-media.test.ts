import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerFrameOf } from '../../src/lib/protocol/iris';
import { MEDIA_CHUNK_BYTES, chunkRanges } from '../../src/lib/protocol/iris/media';
import { makePdf, makePng, makeWav } from '../../gateway/media/samples';
import { mimeProblem } from '../../gateway/media/policy';
import { describeMedia } from '../../gateway/media/describe';
import { BEARER, TestClient, startTestGateway, type TestGateway } from './gateway-helpers';
import { sendAndFinish } from './gateway-suite';

let running: { gw: TestGateway; clients: TestClient[] } | undefined;
afterEach(async () => {
	if (!running) return;
	await Promise.all(running.clients.map((c) => c.close()));
	await running.gw.stop();
	running = undefined;
});

/** A gateway with test hooks and a small upload limit, and a paired client that keeps binary frames. */
async function setup(mediaMaxBytes = 1024 * 1024) {
	const gw = await startTestGateway({ testHooks: true, mediaMaxBytes });
	const [client] = await TestClient.paired(gw.gw.wsUrl);
	running = { gw, clients: [client] };
	const binary: Buffer[] = [];
	client.ws.on('message', (data, isBinary) => {
		if (isBinary) binary.push(data as Buffer);
	});
	const list = async () =>
		(await fetch(`${gw.gw.httpUrl}/__test/media/list`, { headers: BEARER })).json();
	return { gw, client, binary, list };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function upload(client: TestClient, ref: string, bytes: Buffer, start: Record<string, unknown>) {
	const started = client.request('media.upload.start', {
		media_ref: ref,
		size: bytes.length,
		...start
	});
	for (const [from, to] of chunkRanges(bytes.length)) client.sendRaw(bytes.subarray(from, to));
	return {
		started,
		end: (hash = sha(bytes)) => client.request('media.upload.end', { media_ref: ref, sha256: hash })
	};
}

describe('gateway uploads', () => {
	it('stores a checked upload, answers the end with media.offer, and the agent describes it', async () => {
		const { gw, client, list } = await setup();
		const png = makePng(40, 30);
		const answer = await upload(client, 'ref-png', png, {
			kind: 'image',
			mime: 'image/png',
			filename: 'a.png'
		}).end();
		expect(answer).toMatchObject({
			type: 'media.offer',
			id: 3,
			payload: {
				media_id: 'ref-png',
				kind: 'image',
				mime: 'image/png',
				size: png.length,
				filename: 'a.png'
			}
		});
		expect(await list()).toEqual([
			{
				media_id: 'ref-png',
				kind: 'image',
				mime: 'image/png',
				filename: 'a.png',
				size: png.length,
				sha256: sha(png)
			}
		]);
		expect(gw.logs).toContain(
			`[gateway] media stored ref-png ${png.length} bytes sha256=${sha(png)}`
		);

		const { ack, turn } = await sendAndFinish(client, 'see', {
			media_refs: ['ref-png'],
			client_msg_id: 'c1'
		});
		expect(ack.payload.media).toEqual([(answer as ServerFrameOf<'media.offer'>).payload]);
		const stop = turn.find((f) => f.type === 'message.stop') as ServerFrameOf<'message.stop'>;
		expect(stop.payload.final_text).toContain(
			`an image "a.png" (image/png, ${(png.length / 1024).toFixed(1)} KB)`
		);
	});

	it('discards an upload whose sha256 does not match, and refuses messages that name it', async () => {
		const { client, list } = await setup();
		const bytes = Buffer.from('hello media');
		const answer = await upload(client, 'bad', bytes, { kind: 'document', mime: 'text/plain' }).end(
			'0'.repeat(64)
		);
		expect(answer).toMatchObject({ type: 'error', payload: { code: 'internal' } });
		expect((answer as ServerFrameOf<'error'>).payload.message).toMatch(
			/^upload discarded: sha256 mismatch/
		);
		expect(await list()).toEqual([]);
		expect(await client.request('message.send', { text: 'x', media_refs: ['bad'] })).toMatchObject({
			type: 'error',
			payload: { code: 'not_found', message: 'media_ref "bad" was not uploaded' }
		});
	});

	it('refuses too large uploads and types it does not take, with the start id', async () => {
		const { client, list } = await setup(100);
		const big = upload(client, 'big', Buffer.alloc(101), { kind: 'document' });
		expect(await big.started).toMatchObject({
			type: 'error',
			id: 2,
			payload: { code: 'media_too_large' }
		});
		const exe = upload(client, 'exe', Buffer.from('MZ'), {
			kind: 'document',
			mime: 'application/x-msdownload'
		});
		expect(await exe.started).toMatchObject({
			type: 'error',
			payload: {
				code: 'unsupported',
				message: 'files of type application/x-msdownload are not accepted'
			}
		});
		// More bytes than announced end the transfer too.
		const liar = client.request('media.upload.start', {
			media_ref: 'liar',
			kind: 'document',
			size: 2
		});
		client.sendRaw(Buffer.alloc(3));
		expect(await liar).toMatchObject({ type: 'error', payload: { code: 'media_too_large' } });
		expect(await list()).toEqual([]);
	});

	it('drops the bytes of a refused upload without a word; stray bytes are answered once', async () => {
		const { client } = await setup();
		// The app sends the bytes right behind the start, before the refusal reaches it.
		const exe = upload(client, 'exe', Buffer.alloc(300), {
			kind: 'document',
			mime: 'application/x-msdownload'
		});
		expect(await exe.started).toMatchObject({ type: 'error', payload: { code: 'unsupported' } });
		const big = upload(client, 'big', Buffer.alloc(1024 * 1024 + 1), { kind: 'document' });
		expect(await big.started).toMatchObject({
			type: 'error',
			payload: { code: 'media_too_large' }
		});
		// A request after them: everything before it was read.
		await client.request('ping', {});
		expect(client.frames.filter((f) => f.type === 'error' && f.id === undefined)).toEqual([]);
		// Bytes after a text frame belong to no upload: that is a fault, said once.
		client.sendRaw(Buffer.alloc(10));
		client.sendRaw(Buffer.alloc(10));
		const stray = await client.waitFor((f) => f.type === 'error' && f.id === undefined);
		expect(stray).toMatchObject({ payload: { code: 'unsupported' } });
		await client.request('ping', {});
		expect(client.frames.filter((f) => f.type === 'error' && f.id === undefined)).toHaveLength(1);
	});

	it('checks MIME types against the kind', () => {
		expect(mimeProblem('image', 'image/png')).toBeNull();
		expect(mimeProblem('voice', 'audio/webm;codecs=opus')).toBeNull();
		expect(mimeProblem('document', undefined)).toBeNull();
		expect(mimeProblem('image', 'application/pdf')).toBe(
			'kind "image" needs MIME type image/*, not application/pdf'
		);
		expect(mimeProblem('document', 'not a type')).toBe('"not a type" is not a MIME type');
		expect(
			describeMedia([
				{ media_id: 'v', kind: 'voice', size: 2048, mime: 'audio/wav', filename: 'v.wav' }
			])
		).toBe('a voice note "v.wav" (audio/wav, 2.0 KB)');
	});
});

describe('gateway pulls and /demo media', () => {
	it('offers an image, a voice note and a document, and serves each in ≤ 64 KiB frames', async () => {
		const { client, binary } = await setup();
		const { turn } = await sendAndFinish(client, '/demo media');
		const message = turn.find(
			(f) => f.type === 'message' && f.payload.role === 'assistant'
		) as ServerFrameOf<'message'>;
		const offer = turn.find((f) => f.type === 'media.offer') as ServerFrameOf<'media.offer'>;
		expect(message.payload.media?.map((m) => [m.kind, m.mime])).toEqual([
			['image', 'image/png'],
			['voice', 'audio/wav']
		]);
		expect(offer.payload).toMatchObject({
			kind: 'document',
			mime: 'application/pdf',
			filename: 'report.pdf'
		});
		const expected = [makePng(160, 120), makeWav(800), makePdf('Iris demo report')];
		const refs = [...message.payload.media!, offer.payload];
		for (const [i, ref] of refs.entries()) {
			binary.length = 0;
			expect(await client.request('media.pull', { media_id: ref.media_id })).toMatchObject({
				type: 'media.pull.end',
				payload: { ok: true }
			});
			expect(binary.every((b) => b.length <= MEDIA_CHUNK_BYTES)).toBe(true);
			expect(Buffer.concat(binary).equals(expected[i]!)).toBe(true);
			expect(ref.size).toBe(expected[i]!.length);
		}
		expect(await client.request('media.pull', { media_id: 'nope' })).toMatchObject({
			type: 'error',
			payload: { code: 'not_found' }
		});
		// TestClient records binary frames as undecodable text: they are the pulls' bytes.
		client.invalid.length = 0;
	});

	it('an upload cannot replace media stored under its media_ref; the same bytes again are fine', async () => {
		const { client, list } = await setup();
		const first = Buffer.from('the first file');
		const start = { kind: 'document', mime: 'text/plain', filename: 'a.txt' };
		await upload(client, 'ref-taken', first, start).end();
		const other = await upload(client, 'ref-taken', Buffer.from('another file'), start).end();
		expect(other).toMatchObject({ type: 'error', payload: { code: 'unsupported' } });
		const again = await upload(client, 'ref-taken', first, start).end();
		expect(again).toMatchObject({ type: 'media.offer', payload: { media_id: 'ref-taken' } });
		expect(await list()).toEqual([
			expect.objectContaining({ media_id: 'ref-taken', sha256: sha(first) })
		]);
	});

	it('the drop-after hook cuts the next upload once, past the given bytes', async () => {
		const { gw, client } = await setup();
		const res = await fetch(`${gw.gw.httpUrl}/__test/media/drop-after?bytes=100`, {
			method: 'POST',
			headers: BEARER
		});
		expect(res.status).toBe(200);
		upload(client, 'cut', Buffer.alloc(MEDIA_CHUNK_BYTES * 2), { kind: 'document' }).started.catch(
			() => {}
		);
		expect((await client.closed).code).toBe(1006);
		expect(
			gw.logs.some((l) => l.includes('test hook: dropping the connection mid-upload of cut'))
		).toBe(true);
	});
});
