/**
 * Typed frames of the Iris × Hermes wire protocol v1 (`spec/iris-protocol-v1.schema.json`).
 *
 * Every frame is an envelope `{ v: 1, type, id?, chat_id?, thread_id?, payload? }`.
 * Payload field names are the spec's, unchanged. Times (`ts`) are epoch **milliseconds**;
 * `tool.end.duration` is in **seconds** (the spec's `number`).
 * Fields the spec leaves optional stay optional here; `REQUIRED_FIELDS` in `./frame-schemas.ts` lists the
 * few the client cannot work without (see doc/protocol.md).
 */

/** Protocol version carried in every envelope's `v`. */
export const PROTOCOL_VERSION = 1;

/** Media kind (`definitions.kind`). */
export type MediaKind = 'image' | 'audio' | 'video' | 'document' | 'voice';

/** A channel or thread (`definitions.channel`). */
export interface Channel {
	chat_id: string;
	name?: string;
	kind?: 'default' | 'channel' | 'thread';
	parent_chat_id?: string | null;
	is_default?: boolean;
}

/** A reference to stored media (`definitions.media_ref`); `size` in bytes. */
export interface MediaRef {
	media_id: string;
	kind?: MediaKind;
	mime?: string;
	size?: number;
	filename?: string;
}

/** Message role (`message.role`). */
export type Role = 'user' | 'assistant' | 'system' | 'cron';

/** A message as carried by `message` and `history` items; `ts` epoch ms. */
export interface MessagePayload {
	message_id: string;
	role?: Role;
	text?: string;
	reasoning?: string;
	media?: MediaRef[];
	reply_to?: string;
	model?: string;
	tokens?: number;
	ts?: number;
	/** Extension (doc/protocol.md "Sending messages"): echoed by gateways that know it. */
	client_msg_id?: string;
}

export interface ServerCaps {
	streaming?: boolean;
	reasoning?: boolean;
	tools?: boolean;
	media?: boolean;
	search?: boolean;
	push?: 'fcm' | 'ntfy' | 'none';
	pickers?: boolean;
	/** Extension (doc/protocol.md "Push"): VAPID key for Web Push when `push == "fcm"`. */
	vapid_public_key?: string;
}

export interface CommandInfo {
	name: string;
	description?: string;
	args_hint?: string;
	category?: string;
}

export interface ModelProvider {
	id: string;
	label?: string;
	models?: { id: string; label?: string }[];
}

/** Payloads of frames the server sends to the app (`frame_types.server_to_app`). */
export interface ServerPayloads {
	'hello.ack': { server_caps?: ServerCaps; sync_cursor?: number; channels?: Channel[] };
	message: MessagePayload;
	'message.start': { message_id: string; role?: Role; ts?: number };
	/** `reasoning`: extension (doc/protocol.md "Turn anatomy"), the full reasoning so far. */
	'message.update': { message_id: string; text: string; reasoning?: string };
	'message.stop': {
		message_id: string;
		final_text?: string;
		reasoning?: string;
		model?: string;
		tokens?: number;
	};
	commentary: { message_id?: string; text: string };
	'tool.start': {
		index: number;
		name?: string;
		preview?: string;
		args?: Record<string, unknown>;
		message_id?: string;
	};
	'tool.progress': { index: number; name?: string; note?: string; message_id?: string };
	'tool.end': {
		index: number;
		name?: string;
		ok?: boolean;
		/** Seconds. */
		duration?: number;
		output_preview?: string;
		message_id?: string;
	};
	typing: { on: boolean };
	notification: {
		kind?: 'channel_renamed' | 'channel_created' | 'cron' | 'approval' | 'clarify' | 'generic';
		title?: string;
		body?: string;
		ts?: number;
	};
	'picker.model': {
		picker_id: string;
		/** Extension: the turn the picker belongs to (doc/protocol.md). */
		message_id?: string;
		/** Extension: the value chosen, once the picker is answered (doc/protocol.md). */
		answer?: string;
		current_model?: string;
		current_provider?: string;
		providers?: ModelProvider[];
	};
	'picker.choice': {
		picker_id: string;
		/** Extension: the turn the picker belongs to (doc/protocol.md). */
		message_id?: string;
		/** Extension: the value chosen, once the picker is answered (doc/protocol.md). */
		answer?: string;
		title?: string;
		choices?: { value: string; label?: string; is_current?: boolean }[];
	};
	'picker.clarify': {
		picker_id: string;
		/** Extension: the turn the picker belongs to (doc/protocol.md). */
		message_id?: string;
		/** Extension: the value chosen, once the picker is answered (doc/protocol.md). */
		answer?: string;
		question?: string;
		choices?: Record<string, unknown>[];
	};
	'picker.approval': {
		picker_id: string;
		command?: string;
		description?: string;
		message_id?: string;
		answer?: string;
	};
	'picker.confirm': {
		picker_id: string;
		title?: string;
		message?: string;
		message_id?: string;
		answer?: string;
	};
	'channel.list': { channels: Channel[] };
	'channel.created': Channel;
	'channel.renamed': { chat_id: string; name: string };
	'channel.deleted': { chat_id: string };
	history: { messages: MessagePayload[]; has_more?: boolean; oldest_message_id?: string };
	'commands.catalog': { commands: CommandInfo[] };
	'commands.complete': { prefix?: string; matches: Omit<CommandInfo, 'category'>[] };
	'agent.busy': { reason?: 'processing' | 'tool' | 'waiting_input' | 'cron' };
	'agent.idle': Record<string, never>;
	'search.results': {
		query?: string;
		scope?: 'all' | 'chat';
		hits: {
			message_id: string;
			chat_id?: string;
			thread_id?: string | null;
			role?: string;
			snippet?: string;
			ts?: number;
		}[];
	};
	'media.offer': MediaRef;
	status: { state?: 'online' | 'restarting' | 'degraded'; session?: Record<string, unknown> };
	error: {
		code?: 'auth' | 'not_found' | 'rate_limited' | 'media_too_large' | 'unsupported' | 'internal';
		message?: string;
		/** With `rate_limited`: when to try again, ms from now (our extension, doc/protocol.md "Rate limits"). */
		retry_after_ms?: number;
	};
	pong: { ts?: number };
	'sync.done': { cursor: number };
	'media.pull.end': { ok: boolean };
	/** Not in the schema's server list; accepted inbound per doc/protocol.md "Reconnect and sync". */
	'read.receipt': { chat_id: string; message_id: string };
}

/** Payloads of frames the app sends to the server (`frame_types.app_to_server`). */
export interface AppPayloads {
	hello: {
		token: string;
		device_id: string;
		device_name?: string;
		caps?: { min_protocol?: number; media?: boolean; push?: string };
		fcm_token?: string;
		ntfy_topic?: string;
	};
	'message.send': {
		text?: string;
		reply_to?: string;
		media_refs?: string[];
		/** Extension (doc/protocol.md "Sending messages"): dedupe key, a UUID. */
		client_msg_id?: string;
	};
	'media.upload.start': {
		media_ref: string;
		kind: MediaKind;
		mime?: string;
		size: number;
		filename?: string;
	};
	'media.upload.end': { media_ref: string; sha256: string };
	'media.pull': { media_id: string };
	'picker.select': { picker_id: string; value: string };
	'channel.create': { name: string; kind?: 'channel' | 'thread'; parent_chat_id?: string | null };
	'channel.rename': { name: string };
	'channel.set_default': Record<string, never>;
	'channel.delete': Record<string, never>;
	search: { query: string; scope?: 'all' | 'chat'; chat_id?: string; thread_id?: string };
	history: { before_message_id?: string; limit?: number };
	'commands.catalog': Record<string, never>;
	'commands.complete': { prefix: string };
	'agent.stop': Record<string, never>;
	'agent.steer': { text: string };
	'read.receipt': { chat_id: string; message_id: string };
	sync: { cursor: number };
	'fcm.register': { fcm_token?: string; ntfy_topic?: string };
	ping: { ts?: number };
}

export type ServerFrameType = keyof ServerPayloads;
export type AppFrameType = keyof AppPayloads;

/** The envelope around a payload of type `T` (spec `envelope`). */
export interface Envelope<T extends string, P> {
	v: typeof PROTOCOL_VERSION;
	type: T;
	/** Request id: 1, 2, 3 … per connection; echoed on responses/acks. */
	id?: number;
	chat_id?: string;
	thread_id?: string;
	payload: P;
}

/** A frame from server to app, discriminated by `type`. */
export type ServerFrame = {
	[T in ServerFrameType]: Envelope<T, ServerPayloads[T]>;
}[ServerFrameType];
/** A frame from app to server, discriminated by `type`. */
export type AppFrame = { [T in AppFrameType]: Envelope<T, AppPayloads[T]> }[AppFrameType];

/** Narrow a server frame by its type. */
export type ServerFrameOf<T extends ServerFrameType> = Envelope<T, ServerPayloads[T]>;
/** Narrow an app frame by its type. */
export type AppFrameOf<T extends AppFrameType> = Envelope<T, AppPayloads[T]>;
