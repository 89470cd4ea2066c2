import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
	CANCEL_SHA256,
	DEFAULT_MEDIA_LIMIT_BYTES,
	MEDIA_CHUNK_BYTES,
	chunkRanges,
	formatBytes,
	kindOfMime,
	sizeProblem
} from '../../src/lib/protocol/iris/media';
import {
	ProgressThrottle,
	Reassembly,
	SizeMismatchError,
	sha256Hex,
	transferFailure,
	transferTimeoutMs
} from '../../src/lib/connection/media/transfer';
import { fetchEagerly } from '../../src/lib/connection/media';
import { RequestError } from '../../src/lib/connection/requests';
import type { TransferProgress } from '../../src/lib/bridge/contract';
import { FakeClock } from './support/fake-clock';

describe('chunking (doc/protocol.md "Media": binary frames of at most 64 KiB, in order)', () => {
	it('covers every byte once, in order, with frames of at most 64 KiB', () => {
		for (const size of [
			0,
			1,
			MEDIA_CHUNK_BYTES - 1,
			MEDIA_CHUNK_BYTES,
			MEDIA_CHUNK_BYTES + 1,
			5 * 1024 * 1024 + 7
		]) {
			const ranges = chunkRanges(size);
			let next = 0;
			for (const [from, to] of ranges) {
				expect(from).toBe(next);
				expect(to - from).toBeGreaterThan(0);
				expect(to - from).toBeLessThanOrEqual(MEDIA_CHUNK_BYTES);
				next = to;
			}
			expect(next).toBe(size);
			expect(ranges).toHaveLength(Math.ceil(size / MEDIA_CHUNK_BYTES));
		}
	});

	it('rejects nonsense sizes', () => {
		expect(() => chunkRanges(-1)).toThrow(RangeError);
		expect(() => chunkRanges(1.5)).toThrow(RangeError);
		expect(() => chunkRanges(10, 0)).toThrow(RangeError);
	});
});

describe('hashing', () => {
	it('is the lower-case hex SHA-256 of the bytes', async () => {
		const bytes = new Uint8Array(200_000).map((_, i) => (i * 31) & 0xff);
		expect(await sha256Hex(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
		expect(await sha256Hex(new Uint8Array())).toBe(
			'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
		);
	});

	it('the cancel hash is well-formed and never the hash of real bytes we send', async () => {
		expect(CANCEL_SHA256).toMatch(/^[0-9a-f]{64}$/);
		expect(await sha256Hex(new Uint8Array([0]))).not.toBe(CANCEL_SHA256);
	});
});

describe('reassembly', () => {
	it('joins frames in order into a Blob of the given type', async () => {
		const r = new Reassembly();
		r.push(new Uint8Array([1, 2, 3]).buffer);
		r.push(new Uint8Array([4]).buffer);
		expect(r.loaded).toBe(4);
		const blob = r.finish(4, 'image/png');
		expect(blob.type).toBe('image/png');
		expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3, 4]);
	});

	it('refuses bytes that do not add up to the announced size', () => {
		const r = new Reassembly();
		r.push(new Uint8Array(10).buffer);
		expect(() => r.finish(11, undefined)).toThrow(SizeMismatchError);
		expect(() => r.finish(9, undefined)).toThrow('expected 9 bytes, received 10');
		expect(r.finish(undefined, undefined).size).toBe(10);
	});
});

describe('size checks and kinds', () => {
	it('refuses over the limit with a message, accepts up to it', () => {
		expect(DEFAULT_MEDIA_LIMIT_BYTES).toBe(50 * 1024 * 1024);
		expect(sizeProblem('a.bin', DEFAULT_MEDIA_LIMIT_BYTES)).toBeNull();
		expect(sizeProblem('a.bin', DEFAULT_MEDIA_LIMIT_BYTES + 1)).toBe(
			'"a.bin" is 50.0 MB; files up to 50.0 MB can be sent.'
		);
		expect(sizeProblem('b.txt', 2048, 1024)).toBe(
			'"b.txt" is 2.0 KB; files up to 1.0 KB can be sent.'
		);
	});

	it('formats bytes for people', () => {
		expect(formatBytes(512)).toBe('512 B');
		expect(formatBytes(1536)).toBe('1.5 KB');
		expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
	});

	it('maps MIME types to kinds; voice is never guessed', () => {
		expect(kindOfMime('image/png')).toBe('image');
		expect(kindOfMime('audio/webm;codecs=opus')).toBe('audio');
		expect(kindOfMime('VIDEO/mp4')).toBe('video');
		expect(kindOfMime('application/pdf')).toBe('document');
		expect(kindOfMime('')).toBe('document');
	});

	it('fetches small images and voice at once, documents and video on demand', () => {
		expect(fetchEagerly({ kind: 'image', size: 1000 })).toBe(true);
		expect(fetchEagerly({ kind: 'voice', size: undefined })).toBe(true);
		expect(fetchEagerly({ kind: 'image', size: 9 * 1024 * 1024 })).toBe(false);
		expect(fetchEagerly({ kind: 'document', size: 10 })).toBe(false);
		expect(fetchEagerly({ kind: 'video', size: 10 })).toBe(false);
	});
});

describe('progress and failures', () => {
	it('throttles progress but never drops a state change or the last step', () => {
		const clock = new FakeClock();
		const seen: TransferProgress[] = [];
		const t = new ProgressThrottle(clock, (p) => seen.push(p), 100);
		const p = (state: TransferProgress['state'], loaded: number): TransferProgress => ({
			media_id: 'm',
			direction: 'up',
			state,
			loaded,
			total: 10
		});
		t.report(p('active', 0));
		t.report(p('active', 3));
		clock.advance(100);
		t.report(p('active', 5));
		t.report(p('active', 10));
		t.report(p('failed', 0));
		expect(seen.map((s) => [s.state, s.loaded])).toEqual([
			['active', 0],
			['active', 5],
			['active', 10],
			['failed', 0]
		]);
	});

	it('explains refusals with the gateway reason', () => {
		expect(transferFailure('x.exe', new RequestError('unsupported', 'no executables'))).toBe(
			'The gateway refused "x.exe": no executables'
		);
		expect(transferFailure('big', new RequestError('media_too_large', 'over 1 MB'))).toBe(
			'The gateway refused "big" as too large: over 1 MB'
		);
		expect(transferFailure('d', new SizeMismatchError(3, 2))).toBe(
			'"d" arrived incomplete (expected 3 bytes, received 2)'
		);
	});
});

describe('transfer timeouts', () => {
	it('are the usual 15 s plus the time the bytes take at 64 KiB/s', () => {
		expect(transferTimeoutMs(0)).toBe(15_000);
		expect(transferTimeoutMs(64 * 1024)).toBe(16_000);
		expect(transferTimeoutMs(50 * 1024 * 1024)).toBe(15_000 + 800_000);
	});
});
