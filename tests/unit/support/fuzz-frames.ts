/**
 * Generated WebSocket traffic for the gateway fuzz: Iris and v3 text frames (every app frame
 * type with valid, odd and hostile field values, plus non-JSON and wrong shapes), binary frames,
 * and raw frame bytes (reserved opcodes and bits, unmasked frames, lying lengths, oversized or
 * fragmented control frames, broken UTF-8, close frames with bad codes).
 */
import { APP_FRAME_TYPES } from '../../../src/lib/protocol/iris/frame-types';
import type { Pick } from './fuzz-pick';

/** Every app frame type (the schema's list), `message.send` twice as often, and names that are not frame types. */
const IRIS_TYPES: readonly string[] = [...APP_FRAME_TYPES, 'message.send', 'message', 'x.unknown'];

const KINDS = ['image', 'audio', 'video', 'document', 'voice', 'x'];
const MIMES = ['image/png', 'text/html', 'image/svg+xml', 'application/x-sh', '', 'a/b; c=\u0000'];
const ENDPOINTS = [
	'https://push.example/sub',
	'http://127.0.0.1:1/x',
	'https://[::1]/x',
	'https://169.254.169.254/latest',
	'javascript:alert(1)',
	'%E0'
];

/** A payload for Iris frame `type`: mostly the right field names, values anywhere from valid to hostile. */
function irisPayload(pick: Pick, type: string, token: string): unknown {
	const s = () => (pick.chance(0.8) ? pick.text() : pick.json(1));
	const n = () => (pick.chance(0.8) ? pick.int(-2, 70_000_000) : pick.json(0));
	switch (type) {
		case 'message.send':
			return { text: s(), ...(pick.chance(0.2) ? { media_refs: [s(), s()] } : {}) };
		case 'media.upload.start':
			return { media_ref: s(), kind: pick.one(KINDS), mime: pick.one(MIMES), size: n() };
		case 'media.upload.end':
			return { media_ref: s(), sha256: pick.chance(0.5) ? '0'.repeat(64) : s() };
		case 'media.pull':
			return { media_id: pick.chance(0.3) ? `demo_${s()}` : s() };
		case 'picker.select':
			return { picker_id: s(), value: s() };
		case 'channel.create':
			return { name: s(), kind: pick.one(['channel', 'thread', 'x']), parent_chat_id: s() };
		case 'search':
			return { query: s(), scope: pick.one(['all', 'chat', 'x']) };
		case 'history':
			return { before_message_id: s(), limit: n() };
		case 'sync':
			return { cursor: n() };
		case 'fcm.register': {
			const sub = { endpoint: pick.one(ENDPOINTS), keys: { p256dh: s(), auth: s() } };
			return { fcm_token: pick.chance(0.7) ? JSON.stringify(sub) : s(), ntfy_topic: s() };
		}
		case 'hello':
			// The right token: a wrong one ends the connection (and counts as a guess).
			return { token, device_id: pick.one(['fuzz-1', 'fuzz-2']), device_name: s() };
		default:
			return { text: s(), name: s(), prefix: s(), chat_id: s(), message_id: s(), ts: n() };
	}
}

/** One Iris text frame (often valid JSON of a real type, sometimes not JSON at all). */
export function irisFrame(pick: Pick, token: string): string {
	if (pick.chance(0.05)) return pick.text();
	if (pick.chance(0.02)) return '['.repeat(pick.int(1, 20_000));
	const type = pick.one(IRIS_TYPES);
	const f: Record<string, unknown> = {
		v: pick.chance(0.95) ? 1 : pick.json(0),
		type: pick.chance(0.97) ? type : pick.json(0),
		payload: pick.chance(0.95) ? irisPayload(pick, type, token) : pick.json(2)
	};
	if (pick.chance(0.8)) f.id = pick.chance(0.9) ? pick.int(1, 1_000_000) : pick.json(0);
	if (pick.chance(0.3)) f.chat_id = pick.chance(0.5) ? 'default' : pick.json(0);
	if (pick.chance(0.1)) f.thread_id = pick.json(0);
	return JSON.stringify(f);
}

/** One v3 text frame (flat envelope; media frames name uploads that may not exist). */
export function v3Frame(pick: Pick): string {
	if (pick.chance(0.05)) return pick.text();
	const type = pick.one(['text', 'image', 'voice', 'video', 'file', 'ping', 'pong', 'error', 'x']);
	const data =
		type === 'text'
			? { text: pick.text() }
			: type === 'error'
				? { code: pick.text(), text: pick.text() }
				: {
						media: {
							id: pick.chance(0.5) ? `med_${pick.text()}` : pick.json(0),
							type: pick.one(MIMES),
							size: pick.int(-1, 100_000_000),
							name: pick.text()
						}
					};
	const f: Record<string, unknown> = {
		id: pick.chance(0.9) ? `m-${pick.int(1, 1e9)}` : pick.json(0),
		type,
		from: pick.chance(0.9) ? 'app' : pick.json(0),
		to: pick.chance(0.9) ? 'hermes' : pick.text(),
		session: pick.chance(0.8) ? '11111111-2222-3333-4444-555555555555' : pick.json(0),
		ts: pick.chance(0.9) ? pick.int(0, 2e9) : pick.json(0),
		data: pick.chance(0.95) ? data : pick.json(2)
	};
	if (pick.chance(0.1)) f.reply_to = pick.json(0);
	return JSON.stringify(f);
}

/**
 * One raw client frame: header (FIN, RSV, opcode, MASK, 7/16/64-bit length) and payload, each part
 * sometimes wrong. Lengths may lie (announcing more than follows: the frame stays unfinished).
 */
export function rawFrame(pick: Pick): Buffer {
	const opcode = pick.chance(0.7) ? pick.one([0x1, 0x2, 0x0, 0x8, 0x9, 0xa]) : pick.int(0, 15);
	const fin = pick.chance(0.85) ? 0x80 : 0;
	const rsv = pick.chance(0.9) ? 0 : pick.one([0x40, 0x20, 0x10]);
	let payload: Buffer;
	if (opcode === 0x8 && pick.chance(0.7)) {
		payload = Buffer.alloc(2 + pick.int(0, 10));
		payload.writeUInt16BE(pick.one([1000, 1005, 1006, 1015, 999, 2000, 4001, 5000, 65535]), 0);
		if (pick.chance(0.3)) payload[2] = 0xff;
	} else if (opcode === 0x1 && pick.chance(0.3)) {
		payload = Buffer.from([0xe0, 0x80, 0xff, 0xc0, 0xaf]);
	} else {
		payload = pick.bytes(pick.chance(0.9) ? pick.int(0, 200) : pick.int(126, 70_000));
	}
	const masked = pick.chance(0.9);
	const announced = pick.chance(0.9)
		? payload.length
		: pick.one([0, payload.length + 1, 2 ** 32, 2 ** 53, 2 ** 63]);
	let header: Buffer;
	if (announced < 126 && pick.chance(0.95)) {
		header = Buffer.from([fin | rsv | opcode, (masked ? 0x80 : 0) | announced]);
	} else if (announced < 65536 && pick.chance(0.7)) {
		header = Buffer.alloc(4);
		header[0] = fin | rsv | opcode;
		header[1] = (masked ? 0x80 : 0) | 126;
		header.writeUInt16BE(announced, 2);
	} else {
		header = Buffer.alloc(10);
		header[0] = fin | rsv | opcode;
		header[1] = (masked ? 0x80 : 0) | 127;
		header.writeBigUInt64BE(BigInt(Math.min(announced, 2 ** 63)) & 0xffffffffffffffffn, 2);
	}
	if (!masked) return Buffer.concat([header, payload]);
	const mask = pick.bytes(4);
	const body = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
	return Buffer.concat([header, mask, body]);
}

/** A masked, final client text frame (what a correct client sends), for handshakes by hand. */
export function maskedText(text: string): Buffer {
	const payload = Buffer.from(text, 'utf8');
	const length = payload.length;
	const header =
		length < 126
			? Buffer.from([0x81, 0x80 | length])
			: Buffer.from([0x81, 0x80 | 126, length >> 8, length & 0xff]);
	const mask = Buffer.from([1, 2, 3, 4]);
	return Buffer.concat([header, mask, Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!))]);
}
