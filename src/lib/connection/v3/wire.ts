/**
 * The Hermes Chat v3 envelope as the client adapter reads and writes it (spec
 * `hermes-chat-v3.md` "消息结构"): `{id, type, from, to, session, reply_to, ts, data}`, `ts` in
 * Unix **seconds**. Liberal on input (PROTOCOL-NOTES): only `type` is needed to act on a frame;
 * every other field is checked where it is used.
 */

/** The v3 message types that carry a message (`text` and the four media types). */
export const V3_MESSAGE_TYPES = ['text', 'image', 'voice', 'video', 'file'] as const;
export type V3MessageType = (typeof V3_MESSAGE_TYPES)[number];

/** The `data.media` object (spec "media 字段"); `size` bytes, `duration` seconds. */
export interface V3Media {
	id: string;
	name?: string;
	type: string;
	size: number;
	width?: number;
	height?: number;
	duration?: number;
}

/** One v3 frame. `ping`/`pong` carry only `type`; `stream` has no `id` and no `ts`. */
export interface V3Frame {
	id?: string;
	type: string;
	from?: string;
	to?: string;
	session?: string;
	reply_to?: string | null;
	/** Unix seconds. */
	ts?: number;
	data?: { text?: string; media?: V3Media; code?: string; [key: string]: unknown };
}

/** The agent's fixed peer id (spec "连接": `to` is `hermes` for the agent). */
export const HERMES = 'hermes';

/** Parse one text frame; `null` for anything that is not a JSON object with a string `type`. */
export function parseV3(text: string): V3Frame | null {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return null;
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
	const frame = value as V3Frame;
	if (typeof frame.type !== 'string') return null;
	if (frame.data !== undefined && (typeof frame.data !== 'object' || frame.data === null)) {
		delete frame.data;
	}
	return frame;
}

/** v3 `ts` (seconds) → app time (epoch ms). A value that is already ms (> 1e12) is kept. */
export function tsToMs(ts: unknown): number | undefined {
	if (typeof ts !== 'number' || !Number.isFinite(ts) || ts <= 0) return undefined;
	return ts > 1e12 ? Math.round(ts) : Math.round(ts * 1000);
}

/** App time (epoch ms) → v3 `ts` (whole seconds). */
export function msToTs(ms: number): number {
	return Math.floor(ms / 1000);
}
