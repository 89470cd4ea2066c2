import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { CANCEL_SHA256, MEDIA_CHUNK_BYTES } from '../../src/lib/protocol/iris/media';
import { clientHarness } from './support/client-harness';

type Sent = { id: number; type: string; payload: Record<string, unknown> };

/** An IrisClient on fake sockets (tests/unit/support/client-harness.ts) with media helpers. */
function setup() {
	const t = clientHarness('media-client');
	const { client, sockets, last } = t;
	/** Configure on first use, then open the latest socket and complete the handshake. */
	async function connect() {
		if (sockets.length === 0) await client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
	}
	const sent = (type: string, s = last()) => s.sent.filter((f) => f.type === type) as Sent[];
	const bytes = (size: number) => new Uint8Array(size).map((_, i) => (i * 7 + 3) & 0xff);
	/** Attach `data` in the default channel's composer (the worker stores and queues it). */
	const attach = (
		media_ref: string,
		data: Uint8Array<ArrayBuffer>,
		filename: string,
		mime = 'application/octet-stream',
		kind: 'image' | 'document' = 'document'
	) =>
		client.commands.attach({
			media_ref,
			chat_id: 'default',
			blob: new Blob([data], { type: mime }),
			filename,
			mime,
			kind
		});
	return { ...t, connect, sent, bytes, attach };
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const joined = (frames: Uint8Array[]) => Buffer.concat(frames.map((f) => Buffer.from(f)));

describe('uploads (doc/protocol.md "Media")', () => {
	it('start → ordered ≤ 64 KiB frames → end{sha256}; the message goes only after the end is answered', async () => {
		const t = setup();
		await t.connect();
		const data = t.bytes(2 * MEDIA_CHUNK_BYTES + 1000);
		await t.attach('ref-1', data, 'a.png', 'image/png', 'image');
		await t.client.commands.send({ chat_id: 'default', text: 'look', media_refs: ['ref-1'] });
		await vi.waitFor(() => expect(t.sent('media.upload.end')).toHaveLength(1));
		const [start] = t.sent('media.upload.start');
		expect(start!.payload).toEqual({
			media_ref: 'ref-1',
			kind: 'image',
			size: data.length,
			mime: 'image/png',
			filename: 'a.png'
		});
		expect(t.last().binary.map((b) => b.length)).toEqual([
			MEDIA_CHUNK_BYTES,
			MEDIA_CHUNK_BYTES,
			1000
		]);
		expect(joined(t.last().binary).equals(Buffer.from(data))).toBe(true);
		const end = t.sent('media.upload.end')[0]!;
		expect(end.payload).toEqual({ media_ref: 'ref-1', sha256: sha(data) });
		// The local message shows its media at once, but is not sent before the upload is done.
		expect((await t.db.messages.get('local:uuid-2'))?.media).toEqual([
			{ media_id: 'ref-1', kind: 'image', mime: 'image/png', size: data.length, filename: 'a.png' }
		]);
		expect(t.sent('message.send')).toHaveLength(0);

		t.last().receive({
			v: 1,
			type: 'media.offer',
			id: end.id,
			payload: { media_id: 'ref-1', kind: 'image', size: data.length }
		});
		await vi.waitFor(() => expect(t.sent('message.send')).toHaveLength(1));
		expect(t.sent('message.send')[0]!.payload).toEqual({
			text: 'look',
			client_msg_id: 'uuid-2',
			media_refs: ['ref-1']
		});
		expect((await t.db.uploads.get('ref-1'))?.state).toBe('done');
		// The answer to our own upload is not an offer to show.
		expect(await t.db.messages.get('offer:ref-1')).toBeUndefined();
		expect(t.events).toContainEqual({
			type: 'transfer',
			transfer: {
				media_id: 'ref-1',
				direction: 'up',
				state: 'done',
				loaded: data.length,
				total: data.length
			}
		});
	});

	it('a transfer cut by a disconnect restarts from byte 0 on the next link; the message is sent once', async () => {
		const t = setup();
		await t.connect();
		const data = t.bytes(MEDIA_CHUNK_BYTES + 5);
		await t.attach('r', data, 'f');
		await t.client.commands.send({ chat_id: 'default', text: 'file', media_refs: ['r'] });
		await vi.waitFor(() => expect(t.sent('media.upload.end')).toHaveLength(1));
		const first = t.last();
		first.drop();
		t.clock.advance(2000);
		await t.connect();
		const second = t.last();
		expect(second).not.toBe(first);
		await vi.waitFor(() => expect(t.sent('media.upload.end', second)).toHaveLength(1));
		expect(t.sent('media.upload.start', second)).toHaveLength(1);
		expect(joined(second.binary).equals(Buffer.from(data))).toBe(true);
		expect(t.sent('message.send', second)).toHaveLength(0);
		second.receive({
			v: 1,
			type: 'media.offer',
			id: t.sent('media.upload.end', second)[0]!.id,
			payload: { media_id: 'r' }
		});
		await vi.waitFor(() => expect(t.sent('message.send', second)).toHaveLength(1));
		expect(t.sent('message.send', first)).toHaveLength(0);
	});

	it('a message waiting for its upload does not hold up a text message sent after it', async () => {
		const t = setup();
		await t.connect();
		// The socket is "full": the upload stays in its backpressure wait.
		t.last().bufferedAmount = 8 * 1024 * 1024;
		await t.attach('slow', t.bytes(10), 'slow.bin');
		await t.client.commands.send({ chat_id: 'default', text: 'with file', media_refs: ['slow'] });
		await t.client.commands.send({ chat_id: 'default', text: 'just text' });
		await vi.waitFor(() => expect(t.sent('message.send')).toHaveLength(1));
		expect(t.sent('message.send')[0]!.payload.text).toBe('just text');
		expect((await t.db.messages.get('local:uuid-2'))?.status).toBe('sending');
	});

	it('a refused upload fails with the gateway reason, and so does the message waiting for it', async () => {
		const t = setup();
		await t.connect();
		await t.attach('x', t.bytes(10), 'x.exe', 'application/x-msdownload', 'document');
		await t.client.commands.send({ chat_id: 'default', text: 'tool', media_refs: ['x'] });
		await vi.waitFor(() => expect(t.sent('media.upload.start')).toHaveLength(1));
		t.last().receive({
			v: 1,
			type: 'error',
			id: t.sent('media.upload.start')[0]!.id,
			payload: { code: 'unsupported', message: 'no executables' }
		});
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('local:uuid-2')).toMatchObject({
				status: 'failed',
				error: 'Not delivered: The gateway refused "x.exe": no executables'
			})
		);
		expect((await t.db.uploads.get('x'))?.state).toBe('failed');
		expect(t.sent('message.send')).toHaveLength(0);
		// Retry puts the upload back in the queue, and the message waits for it again.
		await t.client.commands.retry('uuid-2');
		await vi.waitFor(() => expect(t.sent('media.upload.start')).toHaveLength(2));
		expect((await t.db.messages.get('local:uuid-2'))?.status).toBe('sending');
		expect((await t.db.uploads.get('x'))?.state).toBe('queued');
	});

	it('cancel forgets a queued upload; a running one is ended with a hash that cannot match', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.attach('q', t.bytes(3), 'q', 'text/plain', 'document');
		await t.client.commands.cancelUpload('q');
		expect(await t.db.uploads.get('q')).toBeUndefined();
		expect(await t.db.media_blobs.get('q')).toBeUndefined();
		await t.connect();

		const data = t.bytes(4 * MEDIA_CHUNK_BYTES);
		// The socket is "full": the upload waits for room after its start, before any bytes.
		t.last().bufferedAmount = 8 * 1024 * 1024;
		await t.attach('big', data, 'big');
		await vi.waitFor(() => expect(t.sent('media.upload.start')).toHaveLength(1));
		await t.client.commands.cancelUpload('big');
		t.clock.advance(10);
		await vi.waitFor(() => expect(t.sent('media.upload.end')).toHaveLength(1));
		expect(t.sent('media.upload.end')[0]!.payload).toEqual({
			media_ref: 'big',
			sha256: CANCEL_SHA256
		});
		expect(t.last().binary).toHaveLength(0);
		expect(t.events).toContainEqual({
			type: 'transfer',
			transfer: { media_id: 'big', direction: 'up', state: 'cancelled', loaded: 0, total: 0 }
		});
		expect(t.sent('media.upload.start').map((f) => f.payload.media_ref)).toEqual(['big']);
	});
});

describe('downloads (doc/protocol.md "Media")', () => {
	it('pulls a small image at once and stores the bytes as a Blob', async () => {
		const t = setup();
		await t.connect();
		t.last().receive({
			v: 1,
			type: 'message',
			payload: {
				message_id: 'm1',
				role: 'assistant',
				text: 'pic',
				media: [{ media_id: 'img', kind: 'image', mime: 'image/png', size: 5 }]
			}
		});
		await vi.waitFor(() => expect(t.sent('media.pull')).toHaveLength(1));
		const pull = t.sent('media.pull')[0]!;
		expect(pull.payload).toEqual({ media_id: 'img' });
		t.last().receiveBinary(new Uint8Array([1, 2, 3]));
		t.last().receiveBinary(new Uint8Array([4, 5]));
		t.last().receive({ v: 1, type: 'media.pull.end', id: pull.id, payload: { ok: true } });
		await vi.waitFor(async () => expect((await t.db.media.get('img'))?.state).toBe('stored'));
		const blob = (await t.db.media_blobs.get('img'))!.blob;
		expect(blob.type).toBe('image/png');
		expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3, 4, 5]);
		expect((await t.db.messages.get('m1'))?.media?.[0]?.media_id).toBe('img');
	});

	it('bytes that do not match the size fail the pull and nothing is kept', async () => {
		const t = setup();
		await t.connect();
		t.last().receive({
			v: 1,
			type: 'media.offer',
			payload: { media_id: 'doc', kind: 'document', size: 5, filename: 'd.pdf' }
		});
		await vi.waitFor(async () => expect(await t.db.messages.get('offer:doc')).toBeDefined());
		// A replayed offer (sync) keeps the message where it was.
		const first = (await t.db.messages.get('offer:doc'))!;
		t.clock.advance(5000);
		t.last().receive({
			v: 1,
			type: 'media.offer',
			payload: { media_id: 'doc', kind: 'document', size: 5, filename: 'd.pdf' }
		});
		// Frames are applied in order: once this one is stored, the replay was applied too.
		t.last().receive({ v: 1, type: 'message', payload: { message_id: 'after', text: 'x' } });
		await vi.waitFor(async () => expect(await t.db.messages.get('after')).toBeDefined());
		expect((await t.db.messages.get('offer:doc'))?.ts).toBe(first.ts);
		// Documents wait for the user.
		expect(t.sent('media.pull')).toHaveLength(0);
		await t.client.commands.pull('doc');
		await vi.waitFor(() => expect(t.sent('media.pull')).toHaveLength(1));
		t.last().receiveBinary(new Uint8Array([1, 2, 3, 4]));
		t.last().receive({
			v: 1,
			type: 'media.pull.end',
			id: t.sent('media.pull')[0]!.id,
			payload: { ok: true }
		});
		await vi.waitFor(async () =>
			expect(await t.db.media.get('doc')).toMatchObject({
				state: 'failed',
				error: '"d.pdf" arrived incomplete (expected 5 bytes, received 4)'
			})
		);
		expect(await t.db.media_blobs.get('doc')).toBeUndefined();
	});

	it('a pull cut by a disconnect is asked again on the next link', async () => {
		const t = setup();
		await t.connect();
		t.last().receive({
			v: 1,
			type: 'media.offer',
			payload: { media_id: 'v', kind: 'voice', size: 2 }
		});
		await vi.waitFor(() => expect(t.sent('media.pull')).toHaveLength(1));
		t.last().receiveBinary(new Uint8Array([9]));
		t.last().drop();
		t.clock.advance(2000);
		await t.connect();
		await vi.waitFor(() => expect(t.sent('media.pull')).toHaveLength(1));
		t.last().receiveBinary(new Uint8Array([7, 8]));
		t.last().receive({
			v: 1,
			type: 'media.pull.end',
			id: t.sent('media.pull')[0]!.id,
			payload: { ok: true }
		});
		await vi.waitFor(async () => expect((await t.db.media.get('v'))?.state).toBe('stored'));
		const blob = (await t.db.media_blobs.get('v'))!.blob;
		expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([7, 8]);
	});
});
