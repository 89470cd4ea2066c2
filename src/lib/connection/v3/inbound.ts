/**
 * v3 frames from the gateway → the app's domain events (the Iris server frames that
 * `IrisClient` and `applyFrames` already consume, and appends; doc/protocol.md "Hermes Chat v3").
 * Pure: the caller owns the open streams (they outlive a socket, so a stream cut by a reconnect
 * goes on in the same bubble) and decides what a `pong` or a `reply_to` settles.
 *
 * - `text`/`image`/`voice`/`video`/`file` → `message` (`ts` s → ms, `reply_to`, `media`);
 * - `stream_start` → `message.start`; `stream` → `message.append` of its characters only (a
 *   `stream` without a start opens one); `stream_end` → `message.stop{final_text}`;
 * - `error` → `error` with a human message; `ping`/`pong` and unknown types → no event.
 */
import type { MediaKind, MediaRef, ServerFrame } from '../../protocol/iris/frames';
import type { InboundEvent } from '../inbound';
import { v3ErrorPayload } from './errors';
import { V3_AGENT_ID, v3TsToMs, type V3Frame } from '../../protocol/hermes-v3';
import type { SessionOrder } from './order';
import { loose, type LooseFrame, type V3MessageType, V3_MESSAGE_TYPES } from './wire';

/** The v3 message type of each media kind, and back (spec "类型总览"). */
export const KIND_OF_TYPE: Readonly<Record<Exclude<V3MessageType, 'text'>, MediaKind>> = {
	image: 'image',
	voice: 'voice',
	video: 'video',
	file: 'document'
};

/** The text streamed so far per session, for the stream open in it. */
export interface OpenStream {
	message_id: string;
	/** Every part so far, as received (the final text is made well-formed once, at the stop). */
	text: string;
	/** A high surrogate that ended the last part: its pair starts the next one. */
	held?: string;
	reply_to?: string;
}

/** Open streams by session (`''` for frames without `session`). */
export type OpenStreams = Map<string, OpenStream>;

export interface InboundContext {
	/** The user's own id: frames `from` it are the user's (another device's) messages. */
	userId: string;
	streams: OpenStreams;
	/** For a message or stream that arrives without `id`. */
	randomUUID: () => string;
	/** Keeps arrival order within a second (`order.ts`); times are used as they are without it. */
	order?: SessionOrder;
}

/** What one v3 frame means to the app. */
export interface Inbound {
	/** Domain events, in order. */
	frames: InboundEvent[];
	/** A `pong` arrived. */
	pong?: boolean;
	/** The server sent `ping`: answer `pong`. */
	ping?: boolean;
	/** The frame is the agent's answer or an error about our message with this v3 `id`. */
	replyTo?: string;
	/** Set with `replyTo` when the answer is an `error`: that message was not handled. */
	refused?: ServerFrame & { type: 'error' };
	/** Why nothing came of the frame (unknown type, missing `data`), for diagnostics. */
	problem?: string;
}

/** App time (epoch ms) of a frame's `ts` (seconds), placed in its session's order; undefined when absent. */
function tsOf(frame: LooseFrame, ctx: InboundContext): number | undefined {
	if (typeof frame.ts !== 'number' || frame.ts <= 0) return undefined;
	const ms = v3TsToMs(frame.ts);
	return ctx.order ? ctx.order.place(frame.session ?? '', ms) : ms;
}

function scope(frame: LooseFrame): { chat_id?: string } {
	return typeof frame.session === 'string' && frame.session ? { chat_id: frame.session } : {};
}

function replyToOf(frame: LooseFrame): string | undefined {
	return typeof frame.reply_to === 'string' && frame.reply_to ? frame.reply_to : undefined;
}

/** The Iris `MediaRef` of a v3 `data.media`; undefined when it has no `id`. */
export function mediaRefOf(type: V3MessageType, media: unknown): MediaRef | undefined {
	if (type === 'text' || typeof media !== 'object' || media === null) return undefined;
	const m = media as Record<string, unknown>;
	if (typeof m.id !== 'string' || !m.id) return undefined;
	const ref: MediaRef = { media_id: m.id, kind: KIND_OF_TYPE[type] };
	if (typeof m.type === 'string') ref.mime = m.type;
	if (typeof m.size === 'number' && m.size >= 0) ref.size = m.size;
	if (typeof m.name === 'string') ref.filename = m.name;
	return ref;
}

/** Close the stream open in `session` (a new start, a complete message, `stream_end`). */
function closeStream(session: string, ctx: InboundContext, chat: { chat_id?: string }) {
	const open = ctx.streams.get(session);
	if (!open) return [];
	ctx.streams.delete(session);
	const frames: ServerFrame[] = [
		{
			v: 1,
			type: 'message.stop',
			...chat,
			payload: { message_id: open.message_id, final_text: open.text }
		}
	];
	// `message.stop` has no `reply_to`: a `message` for the same id adds it to the stored row.
	if (open.reply_to) {
		frames.push({
			v: 1,
			type: 'message',
			...chat,
			payload: { message_id: open.message_id, text: open.text, reply_to: open.reply_to }
		});
	}
	return frames;
}

/** The characters of a `stream` part to append, holding back a high surrogate cut from its pair. */
function partOf(open: OpenStream, text: string): string {
	const part = (open.held ?? '') + text;
	const last = part.charCodeAt(part.length - 1);
	if (last >= 0xd800 && last <= 0xdbff) {
		open.held = part.slice(-1);
		return part.slice(0, -1);
	}
	delete open.held;
	return part;
}

function openStream(
	frame: LooseFrame,
	ctx: InboundContext
): { stream: OpenStream; start: ServerFrame } {
	const stream: OpenStream = { message_id: frame.id || ctx.randomUUID(), text: '' };
	const reply_to = replyToOf(frame);
	if (reply_to) stream.reply_to = reply_to;
	ctx.streams.set(frame.session ?? '', stream);
	const ts = tsOf(frame, ctx);
	return {
		stream,
		start: {
			v: 1,
			type: 'message.start',
			...scope(frame),
			payload: { message_id: stream.message_id, role: 'assistant', ...(ts ? { ts } : {}) }
		}
	};
}

function fromMessage(frame: LooseFrame, type: V3MessageType, ctx: InboundContext): Inbound {
	const chat = scope(frame);
	const data = frame.data;
	if (!data) return { frames: [], problem: `${type} without data` };
	const media = mediaRefOf(type, data.media);
	if (type !== 'text' && !media) return { frames: [], problem: `${type} without data.media.id` };
	if (type === 'text' && typeof data.text !== 'string') {
		return { frames: [], problem: 'text without data.text' };
	}
	const fromUser =
		frame.from !== undefined && frame.from !== V3_AGENT_ID && frame.from === ctx.userId;
	const reply_to = replyToOf(frame);
	const ts = tsOf(frame, ctx);
	// A complete message closes a stream left open in its session (the spec sends `stream_end`
	// before a file; a server that does not must not leave a bubble streaming forever).
	const frames = fromUser ? [] : closeStream(frame.session ?? '', ctx, chat);
	frames.push({
		v: 1,
		type: 'message',
		...chat,
		payload: {
			message_id: frame.id || ctx.randomUUID(),
			role: fromUser ? 'user' : 'assistant',
			text: typeof data.text === 'string' ? data.text : '',
			...(ts ? { ts } : {}),
			...(reply_to ? { reply_to } : {}),
			...(media ? { media: [media] } : {})
		}
	});
	return { frames, ...(reply_to && !fromUser ? { replyTo: reply_to } : {}) };
}

/** Map one v3 frame to domain events (see the module comment). Never throws. */
export function fromV3(decoded: V3Frame, ctx: InboundContext): Inbound {
	const frame = loose(decoded);
	const session = frame.session ?? '';
	const chat = scope(frame);
	const type = frame.type;
	if ((V3_MESSAGE_TYPES as readonly string[]).includes(type)) {
		return fromMessage(frame, type as V3MessageType, ctx);
	}
	switch (type) {
		case 'stream_start': {
			const frames = closeStream(session, ctx, chat);
			const { start } = openStream(frame, ctx);
			frames.push(start);
			const reply_to = replyToOf(frame);
			return { frames, ...(reply_to ? { replyTo: reply_to } : {}) };
		}
		case 'stream': {
			const text = frame.data?.text;
			if (typeof text !== 'string') return { frames: [], problem: 'stream without data.text' };
			const frames: InboundEvent[] = [];
			let open = ctx.streams.get(session);
			if (!open) {
				// A `stream` without `stream_start` opens one (doc/protocol.md "Hermes Chat v3").
				const opened = openStream(frame, ctx);
				open = opened.stream;
				frames.push(opened.start);
			}
			open.text += text;
			frames.push({
				v: 1,
				type: 'message.append',
				...chat,
				payload: { message_id: open.message_id, text: partOf(open, text) }
			});
			return { frames };
		}
		case 'stream_end': {
			const frames = closeStream(session, ctx, chat);
			return frames.length ? { frames } : { frames, problem: 'stream_end without an open stream' };
		}
		case 'error': {
			const payload = v3ErrorPayload(frame.data?.code, frame.data?.text);
			const error = { v: 1 as const, type: 'error' as const, ...chat, payload };
			const reply_to = replyToOf(frame);
			return reply_to
				? { frames: [error], replyTo: reply_to, refused: error }
				: { frames: [error] };
		}
		case 'ping':
			return { frames: [], ping: true };
		case 'pong':
			return { frames: [], pong: true };
		default:
			return { frames: [], problem: `unknown v3 frame type "${type}"` };
	}
}
