import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedFrame } from '../../gateway/recorder';
import {
	V3_ERROR_CODES,
	V3_NO_SESSION,
	type V3Frame,
	type V3FrameOf
} from '../../src/lib/protocol/hermes-v3';
import { demoReply } from '../../gateway/demo-agent';
import { userOfToken } from '../../gateway/v3/auth';
import { BEARER, startTestGateway, TOKEN, type TestGateway } from './gateway-helpers';
import { streamedText, USER, V3Client, v3Message } from './gateway-v3-helpers';
import { v3Example } from './support/hermes-v3-examples';

let t: TestGateway;
let clients: V3Client[] = [];

beforeEach(async () => {
	t = await startTestGateway({ testHooks: true });
	clients = [];
});

afterEach(async () => {
	for (const c of clients) expect(c.invalid).toEqual([]);
	await Promise.all(clients.map((c) => c.close()));
	await t.stop();
});

async function connect(): Promise<V3Client> {
	const client = await V3Client.connect(t.gw.v3WsUrl);
	clients.push(client);
	return client;
}

/** Send `frame` and wait for the `error` answering it. */
async function refusal(client: V3Client, frame: Record<string, unknown> | string) {
	const from = client.frames.length;
	client.send(frame);
	return (await client.waitFor((f) => f.type === 'error', from, 'error')) as V3FrameOf<'error'>;
}

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

/** The spec example of media `type` with `media[field]` removed. */
function withoutMedia(type: string, field: string): Record<string, unknown> {
	const raw = v3Example(type);
	delete (raw.data as { media: Record<string, unknown> }).media[field];
	return raw;
}

describe('v3 validation: an invalid frame gets an error, is logged, and the connection lives on', () => {
	const cases: [string, () => Record<string, unknown>, RegExp][] = [
		[
			'image without width',
			() => withoutMedia('image', 'width'),
			/image: data\.media\.width is required/
		],
		[
			'video without duration',
			() => withoutMedia('video', 'duration'),
			/video: data\.media\.duration is required/
		],
		[
			'voice without duration',
			() => withoutMedia('voice', 'duration'),
			/voice: data\.media\.duration is required/
		],
		['text without data', () => v3Message('text', undefined), /text: data is required/],
		[
			'text without session',
			() => v3Message('text', { text: 'x' }, { session: undefined }),
			/session is required/
		],
		['an unknown type', () => v3Message('link', { url: 'https://x' }), /unknown frame type "link"/],
		[
			'a stream_start from the app',
			() => v3Message('stream_start', undefined),
			/not sent by the app/
		]
	];
	for (const [name, make, reason] of cases) {
		it(name, async () => {
			const client = await connect();
			const frame = make();
			const err = await refusal(client, frame);
			expect(err.data.code).toBe('unsupported');
			expect(err.data.text).toMatch(reason);
			expect(err.reply_to).toBe(frame.id ?? undefined);
			expect(t.logs.some((l) => reason.test(l) && l.includes('v3 frame refused'))).toBe(true);
			await client.roundTrip();
		});
	}

	it('bad JSON and binary frames: an error in no session', async () => {
		const client = await connect();
		const err = await refusal(client, '{"type":');
		expect(err).toMatchObject({
			session: V3_NO_SESSION,
			to: 'user',
			data: { code: 'unsupported' }
		});
		expect(err.data.text).toMatch(/invalid JSON/);
		const from = client.frames.length;
		client.ws.send(Buffer.from([1, 2, 3]), { binary: true });
		const binary = await client.waitFor((f) => f.type === 'error', from);
		expect((binary as V3FrameOf<'error'>).data.text).toMatch(/binary frames/);
		await client.roundTrip();
	});

	it('a message to anyone but hermes: error{offline}', async () => {
		const client = await connect();
		const err = await refusal(client, v3Message('text', { text: 'hi' }, { to: 'bob' }));
		expect(err).toMatchObject({ to: USER, data: { code: 'offline' } });
	});

	it('an error frame from the app is logged, not answered', async () => {
		const client = await connect();
		const appError = { ...v3Example('error'), from: USER, to: 'hermes' };
		client.send(appError);
		await client.roundTrip();
		expect(client.types()).toEqual(['pong']);
		expect(t.logs).toContain('[gateway] v3: the app reported timeout: 处理超时，请稍后再试');
	});
});

/** A `/__test/v3/` hook (they require the token). */
const v3Hook = (path: string, method = 'GET') =>
	fetch(`${t.gw.httpUrl}/__test/v3/${path}`, { method, headers: BEARER });

describe('v3 disconnects', () => {
	it('holds what the agent streams while the user is away and delivers it on reconnect', async () => {
		const first = await connect();
		expect((await v3Hook('drop-after?streams=3', 'POST')).status).toBe(200);
		const msg = v3Message('text', { text: 'a reply cut in the middle' });
		first.send(msg);
		await first.closed;
		expect(first.types()).toEqual(['stream_start', 'stream', 'stream', 'stream']);
		// The turn goes on: wait until the rest of it is held.
		await expect
			.poll(async () => await (await v3Hook('state')).json())
			.toMatchObject({ connections: 0, held: expect.any(Number) });
		const second = await connect();
		const rest = await second.streamed();
		expect(rest[0]?.type).toBe('stream');
		const whole: V3Frame[] = [...first.frames, ...rest];
		expect(streamedText(whole)).toBe(demoReply('a reply cut in the middle'));
		expect(whole.filter((f) => f.type === 'stream_start')).toHaveLength(1);
	});

	it('cuts every v3 connection on POST /__test/v3/drop', async () => {
		const a = await connect();
		const b = await connect();
		const res = await v3Hook('drop', 'POST');
		expect(await res.json()).toEqual({ dropped: 2 });
		expect(await a.closed).toBe(1006);
		expect(await b.closed).toBe(1006);
	});

	it('cuts a connection that sent nothing for the idle time (spec: 90 s)', async () => {
		await t.stop();
		t = await startTestGateway({ v3IdleMs: 150 });
		const client = await connect();
		expect(await client.closed).toBe(1006);
		expect(t.logs.some((l) => l.includes('nothing received for 150 ms'))).toBe(true);
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
