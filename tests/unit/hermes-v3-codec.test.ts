import { describe, expect, it } from 'vitest';
import {
	decodeV3AppFrame,
	decodeV3Frame,
	decodeV3ServerFrame,
	encodeV3Frame,
	msToV3Ts,
	V3_MEDIA_FIELDS,
	V3_MEDIA_TYPES,
	V3_TYPES,
	V3EncodeError,
	v3HttpBase,
	v3MediaTypeOfMime,
	v3SocketUrl,
	v3TsToMs,
	type V3Frame
} from '../../src/lib/protocol/hermes-v3';
import { V3_SPEC_EXAMPLES, v3Example } from './support/hermes-v3-examples';

const text = (v: unknown) => JSON.stringify(v);

describe('the spec examples', () => {
	it('cover every v3 type', () => {
		const types = new Set(V3_SPEC_EXAMPLES.map((e) => e.json.type));
		expect([...types].sort()).toEqual([...V3_TYPES].sort());
	});

	for (const example of V3_SPEC_EXAMPLES) {
		it(`${example.name} decodes as sent (${example.direction}) and encodes back`, () => {
			const decoded = decodeV3Frame(text(example.json), example.direction);
			expect(decoded).toEqual({ ok: true, frame: example.json });
			const encoded = encodeV3Frame(example.json as V3Frame, example.direction);
			expect(JSON.parse(encoded)).toEqual(example.json);
		});
	}

	it('agent frames are also valid for the app to read and app messages for the server', () => {
		for (const e of V3_SPEC_EXAMPLES) {
			expect(decodeV3ServerFrame(text(e.json)).ok).toBe(true);
		}
		const appTypes = ['text', 'image', 'voice', 'video', 'file', 'error', 'ping', 'pong'];
		for (const e of V3_SPEC_EXAMPLES.filter((x) => appTypes.includes(x.json.type as string))) {
			expect(decodeV3AppFrame(text(e.json)).ok, e.name).toBe(true);
		}
	});
});

describe('decode rejects with a typed error, never a throw', () => {
	it('bad JSON', () => {
		const r = decodeV3ServerFrame('{"type": "text",');
		expect(r).toMatchObject({ ok: false, error: { kind: 'json', excerpt: '{"type": "text",' } });
	});

	it('a JSON value that is not an object, and an object without a type', () => {
		for (const raw of ['[]', 'null', '"text"', '42']) {
			expect(decodeV3ServerFrame(raw)).toMatchObject({ ok: false, error: { kind: 'envelope' } });
		}
		const noType = decodeV3ServerFrame(text({ id: 'x', session: 's' }));
		expect(noType).toMatchObject({ ok: false, error: { kind: 'envelope', id: 'x', session: 's' } });
	});

	it('an unknown type, keeping id, session and from for the answer', () => {
		const raw = { ...v3Example('text (App 发送)'), type: 'link' };
		expect(decodeV3AppFrame(text(raw))).toMatchObject({
			ok: false,
			error: {
				kind: 'unknown_type',
				type: 'link',
				id: 'msg_001',
				session: 'abc-123-def',
				from: 'admin'
			}
		});
	});

	it('a type the sender may not send (stream_start from the app)', () => {
		const r = decodeV3AppFrame(text(v3Example('stream_start')));
		expect(r).toMatchObject({ ok: false, error: { kind: 'direction', type: 'stream_start' } });
	});

	it('a missing data on text, stream, error and media types', () => {
		for (const name of [
			'text (Agent 回复)',
			'stream',
			'error',
			'image',
			'voice',
			'video',
			'file'
		]) {
			const raw = v3Example(name);
			delete raw.data;
			expect(decodeV3ServerFrame(text(raw)), name).toMatchObject({
				ok: false,
				error: { kind: 'invalid', message: `${raw.type as string}: data is required` }
			});
		}
	});

	it('a frame over the size limit, unparsed', () => {
		const r = decodeV3ServerFrame(text(v3Example('stream')), 10);
		expect(r).toMatchObject({ ok: false, error: { kind: 'too_large' } });
	});

	it('garbage of every shape', () => {
		for (const raw of ['', ' ', '{', '{"type":null}', '{"type":"text","data":[]}', '\u0000']) {
			expect(() => decodeV3ServerFrame(raw)).not.toThrow();
			expect(decodeV3ServerFrame(raw).ok).toBe(false);
		}
	});
});

describe('the envelope table', () => {
	for (const field of ['id', 'from', 'to', 'session', 'ts']) {
		it(`text without ${field} is invalid`, () => {
			const raw = v3Example('text (App 发送)');
			delete raw[field];
			expect(decodeV3AppFrame(text(raw))).toMatchObject({
				ok: false,
				error: { kind: 'invalid', message: `text: ${field} is required` }
			});
		});
	}

	it('stream and stream_end need no id or ts, but from, to and session', () => {
		for (const name of ['stream', 'stream_end']) {
			const raw = v3Example(name);
			expect(raw.id).toBeUndefined();
			expect(decodeV3ServerFrame(text(raw)).ok).toBe(true);
			delete raw.session;
			expect(decodeV3ServerFrame(text(raw))).toMatchObject({
				ok: false,
				error: { kind: 'invalid' }
			});
		}
	});

	it('reply_to may be null or absent, not a number', () => {
		const raw = v3Example('text (Agent 回复)');
		expect(decodeV3ServerFrame(text({ ...raw, reply_to: null })).ok).toBe(true);
		expect(decodeV3ServerFrame(text({ ...raw, reply_to: 7 }))).toMatchObject({
			ok: false,
			error: { message: 'text: reply_to must be a non-empty string' }
		});
	});

	it('ts must be a number of seconds; fractions are read, not sent', () => {
		const raw = v3Example('text (Agent 回复)');
		expect(decodeV3ServerFrame(text({ ...raw, ts: '1719123457' })).ok).toBe(false);
		expect(decodeV3ServerFrame(text({ ...raw, ts: 1719123457.5 })).ok).toBe(true);
		expect(() => encodeV3Frame({ ...raw, ts: 1719123457.5 } as V3Frame, 'server_to_app')).toThrow(
			'text: ts must be whole seconds'
		);
	});

	it('unknown extra fields are ignored (forward compatibility)', () => {
		const raw = { ...v3Example('stream'), seq: 3, data: { text: 'x', extra: true } };
		expect(decodeV3ServerFrame(text(raw)).ok).toBe(true);
		expect(decodeV3AppFrame(text({ type: 'ping', ts: 5 })).ok).toBe(true);
	});
});

describe('the media table', () => {
	const exampleName = { image: 'image', voice: 'voice', video: 'video', file: 'file' } as const;
	for (const type of V3_MEDIA_TYPES) {
		for (const field of V3_MEDIA_FIELDS[type]) {
			it(`${type} without media.${field} is invalid`, () => {
				const raw = v3Example(exampleName[type]);
				delete (raw.data as { media: Record<string, unknown> }).media[field];
				expect(decodeV3AppFrame(text(raw))).toMatchObject({
					ok: false,
					error: { kind: 'invalid', message: `${type}: data.media.${field} is required` }
				});
			});
		}
	}

	it('the table is the spec’s: voice needs no name, file no size in pixels or duration', () => {
		expect(V3_MEDIA_FIELDS.voice).not.toContain('name');
		expect(V3_MEDIA_FIELDS.image).not.toContain('duration');
		expect(V3_MEDIA_FIELDS.file).toEqual(['id', 'name', 'type', 'size']);
		expect(V3_MEDIA_FIELDS.video).toEqual(
			expect.arrayContaining(['width', 'height', 'duration', 'name'])
		);
	});

	it('media fields of the wrong JSON type are invalid', () => {
		const raw = v3Example('image');
		const media = (raw.data as { media: Record<string, unknown> }).media;
		media.width = '1920';
		expect(decodeV3AppFrame(text(raw))).toMatchObject({
			ok: false,
			error: { message: 'image: data.media.width must be an integer ≥ 0' }
		});
		media.width = 1920;
		media.size = -1;
		expect(decodeV3AppFrame(text(raw)).ok).toBe(false);
		delete (raw.data as { media?: unknown }).media;
		expect(decodeV3AppFrame(text(raw))).toMatchObject({
			ok: false,
			error: { message: 'image: data.media is required' }
		});
	});
});

describe('error frames', () => {
	it('an unknown code is read (liberal) but never sent (strict)', () => {
		const raw = v3Example('error');
		(raw.data as { code: string }).code = 'quota';
		expect(decodeV3ServerFrame(text(raw)).ok).toBe(true);
		expect(() => encodeV3Frame(raw as V3Frame, 'server_to_app')).toThrow(V3EncodeError);
	});

	it('is sent with a text for people', () => {
		const raw = v3Example('error');
		delete (raw.data as { text?: string }).text;
		expect(decodeV3ServerFrame(text(raw)).ok).toBe(true);
		expect(() => encodeV3Frame(raw as V3Frame, 'server_to_app')).toThrow(
			'error: data.text is required'
		);
	});
});

describe('encode', () => {
	it('refuses a frame missing a required field, or sent the wrong way', () => {
		const raw = v3Example('image');
		delete (raw.data as { media: Record<string, unknown> }).media.height;
		expect(() => encodeV3Frame(raw as V3Frame, 'app_to_server')).toThrow(
			'image: data.media.height is required'
		);
		expect(() => encodeV3Frame(v3Example('stream') as V3Frame, 'app_to_server')).toThrow(
			'"stream" is not sent by the app'
		);
	});
});

describe('helpers', () => {
	it('converts ts seconds to and from epoch ms', () => {
		expect(v3TsToMs(1719123456)).toBe(1719123456000);
		expect(v3TsToMs(1.5)).toBe(1500);
		expect(msToV3Ts(1719123456999)).toBe(1719123456);
	});

	it('picks the message type of a MIME type', () => {
		expect(v3MediaTypeOfMime('image/png')).toBe('image');
		expect(v3MediaTypeOfMime('VIDEO/webm')).toBe('video');
		expect(v3MediaTypeOfMime('audio/aac')).toBe('voice');
		expect(v3MediaTypeOfMime('text/csv')).toBe('file');
	});

	it('builds the socket URL and the HTTP base', () => {
		expect(v3SocketUrl('wss://h.example/', 'a b')).toBe('wss://h.example/ws/app?token=a%20b');
		expect(v3SocketUrl('ws://h:1/ws/app', 't')).toBe('ws://h:1/ws/app?token=t');
		expect(v3HttpBase('wss://h.example/x/ws/app?token=t')).toBe('https://h.example/x');
		expect(v3HttpBase('ws://127.0.0.1:8787/ws/app')).toBe('http://127.0.0.1:8787');
	});
});
