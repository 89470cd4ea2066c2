/**
 * The gateway's Hermes Chat v3 side on /ws/app: the token check, ping, the demo agent's streamed
 * replies, /demo errors, files and media, a resent id ignored, frame recording and the user id.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordedFrame } from '../../gateway/recorder';
import { V3_ERROR_CODES, type V3FrameOf } from '../../src/lib/protocol/hermes-v3';
import { demoReply } from '../../gateway/demo-agent';
import { userOfToken } from '../../gateway/v3/auth';
import { startTestGateway, TOKEN, type TestGateway } from './gateway-helpers';
import { streamedText, USER, V3Client, v3Message } from './gateway-v3-helpers';
import { refusal, useV3Gateway } from './gateway-v3-suite';

let t: TestGateway;
const { connect } = useV3Gateway(
	() => t,
	(gateway) => (t = gateway)
);

describe('v3 connection', () => {
	it('refuses a wrong or missing token before the upgrade (HTTP 401)', async () => {
		await expect(V3Client.connect(t.gw.v3WsUrl, 'wrong')).rejects.toThrow('HTTP 401');
		await expect(V3Client.connect(t.gw.v3WsUrl, '')).rejects.toThrow('HTTP 401');
		expect(t.logs).toContain('[gateway] v3 auth failed: wrong or missing token');
	});

	it('answers ping with a bare pong', async () => {
		const client = await connect();
		client.send({ type: 'ping' });
		expect(await client.waitFor((f) => f.type === 'pong')).toEqual({ type: 'pong' });
		expect(t.logs).toContain('[gateway] connection opened (v3)');
	});

	it('streams the demo reply to a text, addressed back, in order', async () => {
		const client = await connect();
		const msg = v3Message('text', { text: 'Hello **v3**' });
		client.send(msg);
		const frames = await client.streamed();
		expect(frames[0]).toMatchObject({
			type: 'stream_start',
			from: 'hermes',
			to: USER,
			session: 's1',
			reply_to: msg.id
		});
		const start = frames[0] as V3FrameOf<'stream_start'>;
		expect(Number.isInteger(start.ts)).toBe(true);
		expect(Math.abs(start.ts - Date.now() / 1000)).toBeLessThan(60); // seconds, not ms
		expect(frames.slice(1, -1).every((f) => f.type === 'stream')).toBe(true);
		expect(frames.length).toBeGreaterThan(3);
		expect(streamedText(frames)).toBe(demoReply('Hello **v3**'));
		expect(frames.at(-1)).toEqual({ type: 'stream_end', from: 'hermes', to: USER, session: 's1' });
	});

	it('answers in the sender’s session and as its from', async () => {
		const client = await connect();
		client.send(v3Message('text', { text: 'x' }, { session: 'other', from: 'alice' }));
		const [start] = await client.streamed();
		expect(start).toMatchObject({ session: 'other', to: 'alice' });
	});

	it('sends /demo text as one text message with reply_to', async () => {
		const client = await connect();
		const msg = v3Message('text', { text: '/demo text' });
		client.send(msg);
		const reply = await client.waitFor((f) => f.type === 'text');
		expect(reply).toMatchObject({ from: 'hermes', to: USER, reply_to: msg.id });
	});

	it('makes every spec error code reachable with /demo error <code>', async () => {
		const client = await connect();
		for (const code of Object.keys(V3_ERROR_CODES)) {
			const msg = v3Message('text', { text: `/demo error ${code}` });
			const err = await refusal(client, msg);
			expect(err).toMatchObject({ reply_to: msg.id, session: 's1', data: { code } });
			expect(err.data.text).toBeTruthy();
		}
		const plain = await refusal(client, v3Message('text', { text: '/demo error' }));
		expect(plain.data.code).toBe('internal');
		const unknown = await refusal(client, v3Message('text', { text: '/demo error nope' }));
		expect(unknown.data).toMatchObject({ code: 'unsupported' });
		expect(unknown.data.text).toContain('rate_limited');
	});

	it('sends stream_end before the file of /demo file, and the file can be fetched', async () => {
		const client = await connect();
		client.send(v3Message('text', { text: '/demo file' }));
		const file = (await client.waitFor((f) => f.type === 'file')) as V3FrameOf<'file'>;
		const types = client.types();
		expect(types.indexOf('stream_end')).toBeLessThan(types.indexOf('file'));
		expect(file.data.media).toMatchObject({ name: 'report.pdf', type: 'application/pdf' });
		const res = await fetch(
			`${t.gw.httpUrl}/media/${file.data.media.id}?token=${encodeURIComponent(TOKEN)}`
		);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('application/pdf');
		const bytes = Buffer.from(await res.arrayBuffer());
		expect(bytes.length).toBe(file.data.media.size);
		expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
	});

	it('sends an image with width/height and a voice note with duration on /demo media', async () => {
		const client = await connect();
		client.send(v3Message('text', { text: '/demo media' }));
		await client.waitFor((f) => f.type === 'file');
		expect(client.types().slice(-4)).toEqual(['stream_end', 'image', 'voice', 'file']);
		const image = client.frames.find((f) => f.type === 'image') as V3FrameOf<'image'>;
		const voice = client.frames.find((f) => f.type === 'voice') as V3FrameOf<'voice'>;
		expect(image.data.media).toMatchObject({ type: 'image/png', width: 160, height: 120 });
		expect(voice.data.media).toMatchObject({ type: 'audio/wav', duration: 1 });
		const png = await fetch(`${t.gw.httpUrl}/media/${image.data.media.id}`, {
			headers: { authorization: `Bearer ${TOKEN}` }
		});
		expect(
			Buffer.from(await png.arrayBuffer())
				.subarray(1, 4)
				.toString()
		).toBe('PNG');
	});

	it('ignores a resent message id (no second reply)', async () => {
		const client = await connect();
		const msg = v3Message('text', { text: 'once' });
		client.send(msg);
		await client.streamed();
		client.send(msg);
		await client.roundTrip();
		await client.roundTrip();
		expect(client.types().filter((x) => x === 'stream_start')).toHaveLength(1);
		expect(t.logs.some((l) => l.includes(`message ${msg.id as string} was already received`))).toBe(
			true
		);
	});
});

describe('v3 frame recording', () => {
	it('tags v3 frames in and out with dialect v3', async () => {
		const dir = await mkdtemp(path.join(tmpdir(), 'iris-v3-record-'));
		const file = path.join(dir, 'frames.jsonl');
		await t.stop();
		t = await startTestGateway({ recordFrames: file });
		try {
			const client = await connect();
			await client.roundTrip();
			const lines = (await readFile(file, 'utf8')).trim().split('\n');
			expect(lines.map((l) => JSON.parse(l) as RecordedFrame)).toEqual([
				{ dir: 'in', text: '{"type":"ping"}', dialect: 'v3' },
				{ dir: 'out', text: '{"type":"pong"}', dialect: 'v3' }
			]);
		} finally {
			await rm(dir, { recursive: true, force: true });
		}
	});
});

describe('v3 user id', () => {
	it('is the JWT sub when the token is a JWT, else a default', () => {
		const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
		expect(userOfToken(`${part({ alg: 'HS256' })}.${part({ sub: 'u42' })}.sig`)).toBe('u42');
		expect(userOfToken('plain-token')).toBe('user');
		expect(userOfToken('a.b.c')).toBe('user');
	});
});
