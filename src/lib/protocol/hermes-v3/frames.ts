/**
 * Typed frames of the Hermes Chat WS protocol v3 (`spec/hermes-chat-v3.md`, in Chinese).
 *
 * One flat envelope for every frame (spec "消息结构", message structure):
 * `{ id, type, from, to, session, reply_to?, ts, data? }` — no `v`, no nested payload.
 * Field names are the spec's, unchanged. `ts` is Unix **seconds** (Iris uses epoch milliseconds:
 * convert with `v3TsToMs` / `msToV3Ts` in ./codec.ts). Media `size` is bytes, `duration` seconds,
 * `width`/`height` pixels.
 *
 * Exceptions the spec spells out: `stream` carries no `id` and no `ts` ("stream 不带 id 和 ts"),
 * and its example `stream_end` has neither either; `ping` / `pong` carry only `type`.
 */

/** Every v3 frame type (spec "类型总览", type overview). */
export const V3_TYPES = [
	'text',
	'image',
	'voice',
	'video',
	'file',
	'stream_start',
	'stream',
	'stream_end',
	'error',
	'ping',
	'pong'
] as const;

/** A v3 frame type. */
export type V3Type = (typeof V3_TYPES)[number];

/** The four media message types (spec "media 字段" table columns). */
export const V3_MEDIA_TYPES = ['image', 'voice', 'video', 'file'] as const;

/** A media message type. */
export type V3MediaType = (typeof V3_MEDIA_TYPES)[number];

/** The agent's id in `from` / `to` (spec "连接": `to` is `hermes` or a user_id). */
export const V3_AGENT_ID = 'hermes';

/**
 * `session` of an `error` that cannot be tied to a session (it answers a frame whose `session`
 * could not be read): the nil UUID. Our reading; the spec requires `session` on every error.
 */
export const V3_NO_SESSION = '00000000-0000-0000-0000-000000000000';

/** `error.data.code` values (spec "error" table), with the spec's meaning in English. */
export const V3_ERROR_CODES = {
	/** 处理超时 — processing timed out. */
	timeout: 'The agent took too long to answer.',
	/** 对方不在线 — the other side is not online. */
	offline: 'The agent is not online.',
	/** 频率限制 — rate limited. */
	rate_limited: 'Too many messages; wait a moment and try again.',
	/** 文件超限 — file over the limit. */
	file_too_large: 'The file is larger than the gateway accepts.',
	/** 不支持的格式 — unsupported format. */
	unsupported: 'This format is not supported.',
	/** 上传失败 — upload failed. */
	upload_failed: 'The upload failed.',
	/** 内部错误 — internal error. */
	internal: 'Something went wrong on the gateway.'
} as const;

/** An `error.data.code` the spec defines. */
export type V3ErrorCode = keyof typeof V3_ERROR_CODES;

/**
 * `data.media` (spec "media 字段"). Which keys are required depends on the frame type:
 * `V3_MEDIA_FIELDS` in ./validate.ts is the spec's table. `size` bytes, `duration` seconds.
 */
export interface V3Media {
	/** The `media_id` from `POST /api/media/upload` (spec "媒体传输流程"). */
	id: string;
	/** File name; required except for `voice`. */
	name?: string;
	/** MIME type, e.g. `image/jpeg`. */
	type: string;
	/** Bytes. */
	size: number;
	/** Pixels; required for `image` and `video`. */
	width?: number;
	/** Pixels; required for `image` and `video`. */
	height?: number;
	/** Seconds; required for `voice` and `video`. */
	duration?: number;
}

/** `data.media` of an `image` frame: `name`, `width`, `height` required. */
export type V3ImageMedia = V3Media & { name: string; width: number; height: number };
/** `data.media` of a `voice` frame: `duration` required, `name` not in the table. */
export type V3VoiceMedia = V3Media & { duration: number };
/** `data.media` of a `video` frame: `name`, `width`, `height`, `duration` required. */
export type V3VideoMedia = V3Media & {
	name: string;
	width: number;
	height: number;
	duration: number;
};
/** `data.media` of a `file` frame: `name` required. */
export type V3FileMedia = V3Media & { name: string };

/** The envelope fields every message frame carries (spec "消息结构" table). */
export interface V3Envelope {
	/** Unique message id (the spec says UUID; its examples use `msg_001`: any non-empty string). */
	id: string;
	/** Sender: a user id, or `hermes` for the agent. */
	from: string;
	/** Receiver: `hermes` or a user id. */
	to: string;
	/** Conversation id; sessions are managed by the app (spec "与旧协议对比"). */
	session: string;
	/** The `id` of the message this one answers; optional, may be `null`. */
	reply_to?: string | null;
	/** Unix time in **seconds**. */
	ts: number;
}

/** Envelope of `stream` / `stream_end`: part of a stream, not a message, so no `id` / `ts` needed. */
export type V3StreamEnvelope = Omit<V3Envelope, 'id' | 'ts'> & { id?: string; ts?: number };

/** `data` per frame type. */
export interface V3Data {
	text: { text: string };
	image: { text?: string; media: V3ImageMedia };
	voice: { text?: string; media: V3VoiceMedia };
	video: { text?: string; media: V3VideoMedia };
	file: { text?: string; media: V3FileMedia };
	/** Spec example has no `data`; any given is passed through. */
	stream_start: Record<string, unknown>;
	/** The text to **append** to the open bubble. */
	stream: { text: string };
	stream_end: Record<string, unknown>;
	/** `code`: one of `V3_ERROR_CODES` (other strings are accepted inbound); `text` for people. */
	error: { code: V3ErrorCode | (string & {}); text?: string };
	ping: never;
	pong: never;
}

/** `text` (spec "text"): both directions. */
export type V3TextFrame = V3Envelope & { type: 'text'; data: V3Data['text'] };
/** A media message (spec "image" / "voice" / "video" / "file"): both directions. */
export type V3MediaFrame = {
	[T in V3MediaType]: V3Envelope & { type: T; data: V3Data[T] };
}[V3MediaType];
/** `stream_start` (spec "stream_start"): agent → app; opens a bubble. */
export type V3StreamStartFrame = V3Envelope & {
	type: 'stream_start';
	data?: V3Data['stream_start'];
};
/** `stream` (spec "stream"): agent → app; append `data.text`. */
export type V3StreamFrame = V3StreamEnvelope & { type: 'stream'; data: V3Data['stream'] };
/** `stream_end` (spec "stream_end"): agent → app; closes the bubble. */
export type V3StreamEndFrame = V3StreamEnvelope & {
	type: 'stream_end';
	data?: V3Data['stream_end'];
};
/** `error` (spec "error"): both directions. */
export type V3ErrorFrame = V3Envelope & { type: 'error'; data: V3Data['error'] };
/** `ping` / `pong` (spec "ping / pong"): only `type`; 30 s interval, 90 s without answer = dead. */
export type V3HeartbeatFrame = { type: 'ping' } | { type: 'pong' };

/** Any v3 frame. */
export type V3Frame =
	| V3TextFrame
	| V3MediaFrame
	| V3StreamStartFrame
	| V3StreamFrame
	| V3StreamEndFrame
	| V3ErrorFrame
	| V3HeartbeatFrame;

/** Frames the app sends (`V3_DIRECTION_TYPES.app_to_server`). */
export type V3AppFrame = Extract<
	V3Frame,
	{ type: 'text' | V3MediaType | 'error' | 'ping' | 'pong' }
>;

/** The frame of one type: `V3FrameOf<'image'>`. */
export type V3FrameOf<T extends V3Type> = Extract<V3Frame, { type: T }>;

/** Which side sends a frame. */
export type V3Direction = 'app_to_server' | 'server_to_app';

/**
 * Types each side may send (spec "类型总览" 方向 column). `stream*` and `pong` are agent/server →
 * app; `ping` is both ways. Inbound we also accept `pong` from the app (an answer to a server
 * `ping`): doc/protocol.md: liberal in what we accept.
 */
export const V3_DIRECTION_TYPES: Readonly<Record<V3Direction, readonly V3Type[]>> = {
	app_to_server: ['text', 'image', 'voice', 'video', 'file', 'error', 'ping', 'pong'],
	server_to_app: V3_TYPES
};
