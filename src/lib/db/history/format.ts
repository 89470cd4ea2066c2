/**
 * The history export file, format `iris-export` version 1 (doc/storage.md "Your history: export
 * and import"): its types and the validation an import runs before it writes anything. Pure: no
 * store, no DOM.
 *
 * A zip holds `iris-export.json` (the manifest: channels, threads, media, and which file holds
 * each channel's messages), one `messages/<n>.json` per channel or thread, and the media bytes
 * under `media/`, named by the manifest. Message and channel fields are those of the store
 * (db/schema.ts), keyed by the gateway's ids.
 */
import type { MediaKind, Role } from '../../protocol/iris/frames';
import { LOCAL_PREFIX } from '../local-id';
import type { AnswerTimingRow, MessageStatus } from '../schema';

/** The manifest's name inside the zip. */
export const MANIFEST_PATH = 'iris-export.json';
export const EXPORT_FORMAT = 'iris-export';
export const EXPORT_VERSION = 1;

/** A channel or thread as exported (`ChannelRow` without the local sidebar `position`). */
export interface ExportChannel {
	chat_id: string;
	name: string;
	kind?: 'default' | 'channel' | 'thread';
	parent_chat_id?: string | null;
	is_default?: boolean;
}

/** A message as exported: `MessageRow`'s fields as stored (never a `local:` one). `ts` epoch ms. */
export interface ExportMessage {
	message_id: string;
	chat_id: string;
	thread_id?: string;
	role: Role;
	text: string;
	reasoning?: string;
	model?: string;
	tokens?: number;
	reply_to?: string;
	ts: number;
	status: MessageStatus;
	client_msg_id?: string;
	media?: { media_id: string; kind?: MediaKind; mime?: string; size?: number; filename?: string }[];
	interrupted?: true;
	timing?: AnswerTimingRow;
}

/** What is known of one piece of media; `path`: its bytes in the zip, absent when not stored. */
export interface ExportMedia {
	media_id: string;
	kind: MediaKind;
	mime?: string;
	/** Bytes. */
	size?: number;
	filename?: string;
	/** Pixels. */
	width?: number;
	height?: number;
	/** Seconds. */
	duration?: number;
	path?: string;
}

/** Which file of the zip holds a channel's messages, oldest first. */
export interface ExportMessageFile {
	chat_id: string;
	path: string;
	count: number;
}

/** `iris-export.json`. `exported_at` epoch ms. */
export interface ExportManifest {
	format: typeof EXPORT_FORMAT;
	version: typeof EXPORT_VERSION;
	exported_at: number;
	channels: ExportChannel[];
	threads: ExportChannel[];
	message_files: ExportMessageFile[];
	media: ExportMedia[];
}

/** One `messages/<n>.json`. */
export interface ExportMessagePage {
	chat_id: string;
	messages: ExportMessage[];
}

/** A file that is not a valid export; `message` says what is wrong, for people. */
export class HistoryFormatError extends Error {
	override name = 'HistoryFormatError';
}

type Json = Record<string, unknown>;
const ROLES: readonly string[] = ['user', 'assistant', 'system', 'cron'];
const STATUSES: readonly string[] = ['sending', 'failed', 'streaming', 'complete'];
const KINDS: readonly string[] = ['image', 'audio', 'video', 'document', 'voice'];
const CHANNEL_KINDS: readonly string[] = ['default', 'channel', 'thread'];

function fail(where: string, what: string): never {
	throw new HistoryFormatError(`${where}: ${what}`);
}
function isObject(v: unknown): v is Json {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function str(o: Json, key: string, where: string, optional = false): void {
	if (o[key] === undefined && optional) return;
	if (typeof o[key] !== 'string' || (!optional && o[key] === ''))
		fail(where, `"${key}" must be a text`);
}
function num(o: Json, key: string, where: string, optional = false): void {
	if (o[key] === undefined && optional) return;
	if (typeof o[key] !== 'number' || !Number.isFinite(o[key]))
		fail(where, `"${key}" must be a number`);
}
function oneOf(o: Json, key: string, values: readonly string[], where: string, optional = false) {
	if (o[key] === undefined && optional) return;
	if (typeof o[key] !== 'string' || !values.includes(o[key])) fail(where, `"${key}" is not known`);
}
function list(o: Json, key: string, where: string): unknown[] {
	const v = o[key];
	if (!Array.isArray(v)) fail(where, `"${key}" must be a list`);
	return v;
}

function checkChannel(c: unknown, where: string): void {
	if (!isObject(c)) fail(where, 'not an object');
	str(c, 'chat_id', where);
	str(c, 'name', where);
	oneOf(c, 'kind', CHANNEL_KINDS, where, true);
	if (c.parent_chat_id !== undefined && c.parent_chat_id !== null) str(c, 'parent_chat_id', where);
}

function checkMedia(v: unknown, where: string, paths: boolean): void {
	if (!isObject(v)) fail(where, 'not an object');
	str(v, 'media_id', where);
	oneOf(v, 'kind', KINDS, where, !paths);
	for (const key of ['mime', 'filename']) str(v, key, where, true);
	for (const key of ['size', 'width', 'height', 'duration']) num(v, key, where, true);
	if (paths) {
		str(v, 'path', where, true);
		if (typeof v.path === 'string' && !v.path.startsWith('media/'))
			fail(where, '"path" must be under media/');
	}
}

/**
 * Check a parsed `iris-export.json`. Throws `HistoryFormatError` naming the first problem (another
 * format, a newer version, a missing or mistyped field); returns it typed otherwise.
 */
export function validateManifest(value: unknown): ExportManifest {
	if (!isObject(value) || value.format !== EXPORT_FORMAT)
		fail(MANIFEST_PATH, `not an Iris history export (format "${EXPORT_FORMAT}")`);
	if (value.version !== EXPORT_VERSION)
		fail(
			MANIFEST_PATH,
			`version ${String(value.version)} is not supported (only ${EXPORT_VERSION})`
		);
	num(value, 'exported_at', MANIFEST_PATH);
	for (const key of ['channels', 'threads'] as const)
		list(value, key, MANIFEST_PATH).forEach((c, i) => checkChannel(c, `${key}[${i}]`));
	list(value, 'media', MANIFEST_PATH).forEach((v, i) => checkMedia(v, `media[${i}]`, true));
	list(value, 'message_files', MANIFEST_PATH).forEach((f, i) => {
		const where = `message_files[${i}]`;
		if (!isObject(f)) fail(where, 'not an object');
		str(f, 'chat_id', where);
		str(f, 'path', where);
		num(f, 'count', where);
	});
	return value as unknown as ExportManifest;
}

/** Check one message; `chat_id` is its file's channel. Throws `HistoryFormatError`. */
function checkMessage(v: unknown, chat_id: string, where: string): void {
	if (!isObject(v)) fail(where, 'not an object');
	str(v, 'message_id', where);
	if (v.message_id === undefined || String(v.message_id).startsWith(LOCAL_PREFIX))
		fail(where, 'a message not sent yet cannot be imported');
	if (v.chat_id !== chat_id) fail(where, `"chat_id" is not the file's channel ${chat_id}`);
	oneOf(v, 'role', ROLES, where);
	str(v, 'text', where, true);
	if (typeof v.text !== 'string') fail(where, '"text" must be a text');
	num(v, 'ts', where);
	oneOf(v, 'status', STATUSES, where);
	for (const key of ['thread_id', 'reasoning', 'model', 'reply_to', 'client_msg_id'])
		str(v, key, where, true);
	num(v, 'tokens', where, true);
	if (v.media !== undefined)
		list(v, 'media', where).forEach((r, i) => checkMedia(r, `${where}.media[${i}]`, false));
}

/** Check a parsed `messages/<n>.json` against its manifest entry. Throws `HistoryFormatError`. */
export function validateMessagePage(value: unknown, file: ExportMessageFile): ExportMessagePage {
	if (!isObject(value) || value.chat_id !== file.chat_id)
		fail(file.path, `not the messages of ${file.chat_id}`);
	list(value, 'messages', file.path).forEach((v, i) =>
		checkMessage(v, file.chat_id, `${file.path} messages[${i}]`)
	);
	return value as unknown as ExportMessagePage;
}
