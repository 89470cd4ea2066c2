/**
 * The demo agent on the v3 side: the same agent as the Iris side, answering each app message in
 * its session, one turn at a time per session.
 *
 * - any text: the demo markdown reply quoting it, streamed (`stream_start` / `stream` / `stream_end`);
 *   with media attached, the reply also lists what was received (name, type, size, dimensions);
 * - `/demo text`: one complete `text` message (not streamed);
 * - `/demo slow`: a long streamed answer (~20 s), to cut the connection mid-stream in tests;
 * - `/demo file`: a short stream, `stream_end`, then a `file` message (a PDF) — the spec's order
 *   "Bridge WS 先发 stream_end 关闭文本流" (stream_end before the file);
 * - `/demo media`: the same with an `image` (PNG, width/height), a `voice` note (WAV, duration)
 *   and a `file`;
 * - `/demo error [code]`: an `error` frame answering the message, `code` one of the spec's
 *   (default `internal`); an unknown code gets `error{unsupported}` naming the valid ones;
 * - after `POST /__test/v3/refuse-next?code=…` (test hooks only), the next message of any text
 *   gets that `error` one demo step (at least 250 ms) later, once (a turn that fails after the
 *   message was taken).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { formatBytes } from '../../src/lib/protocol/iris';
import {
	V3_ERROR_CODES,
	type V3ErrorCode,
	type V3FrameOf,
	type V3MediaType
} from '../../src/lib/protocol/hermes-v3';
import { demoReply } from '../demo-agent';
import { SLOW_STEP_MS, slowAnswer } from '../demo/anatomy';
import { makePdf, makePng, makeWav } from '../media/samples';
import type { V3AppMessage } from './connection';
import type { V3Hub } from './hub';
import { storeV3Media } from './media';
import { V3Reply } from './reply';

/** Text streamed before the files of `/demo file` and `/demo media`. */
export const V3_DEMO_FILES_TEXT = 'Here is what you asked for; the files follow.';

/** Text of `/demo text`. */
export const V3_DEMO_TEXT = 'A plain text answer, sent whole (not streamed).';

/** Pixels of the `/demo media` image; ms of its voice note. */
const IMAGE_SIZE = { width: 160, height: 120 };
const VOICE_MS = 1000;

async function sendPdf(v3: V3Hub, reply: V3Reply): Promise<void> {
	const pdf = await storeV3Media(v3.hub.media, {
		name: 'report.pdf',
		mime: 'application/pdf',
		bytes: makePdf('Iris demo report')
	});
	reply.media('file', {
		text: 'A document',
		media: { id: pdf.media_id, name: 'report.pdf', type: 'application/pdf', size: pdf.size }
	});
}

async function sendImageAndVoice(v3: V3Hub, reply: V3Reply): Promise<void> {
	const { width, height } = IMAGE_SIZE;
	const png = await storeV3Media(v3.hub.media, {
		name: 'gradient.png',
		mime: 'image/png',
		bytes: makePng(width, height)
	});
	reply.media('image', {
		text: 'An image',
		media: {
			id: png.media_id,
			name: 'gradient.png',
			type: 'image/png',
			size: png.size,
			width,
			height
		}
	});
	const wav = await storeV3Media(v3.hub.media, {
		name: 'voice-note.wav',
		mime: 'audio/wav',
		bytes: makeWav(VOICE_MS),
		kind: 'voice'
	});
	reply.media('voice', {
		media: { id: wav.media_id, type: 'audio/wav', size: wav.size, duration: VOICE_MS / 1000 }
	});
}

const ARTICLE: Record<V3MediaType, string> = {
	image: 'an image',
	voice: 'a voice note',
	video: 'a video',
	file: 'a file'
};

/** The user's words plus what was attached: `an image "a.png" (image/png, 1.2 KB, 160×120)`. */
function withMedia(f: V3FrameOf<V3MediaType>): string {
	const m = f.data.media;
	const facts = [m.type, formatBytes(m.size)];
	if (m.width !== undefined && m.height !== undefined) facts.push(`${m.width}×${m.height}`);
	if (m.duration !== undefined) facts.push(`${m.duration} s`);
	const name = m.name ? ` "${m.name}"` : '';
	const line = `${ARTICLE[f.type]}${name} (${facts.join(', ')})`;
	const text = f.data.text ?? '';
	return text.trim() ? `${text}\n\nAttached:\n${line}` : `Attached:\n${line}`;
}

/** The least wait before a refusal asked for by the test hook, ms (see `runTurn`). */
const REFUSE_AFTER_MS = 250;

async function runTurn(v3: V3Hub, f: V3AppMessage, signal: AbortSignal): Promise<void> {
	const reply = new V3Reply(v3, f.from, f.session, f.id);
	const stepMs = v3.hub.options.demoStepMs;
	const text = f.data.text ?? '';
	const [, name, args = ''] = /^\/demo\s+(\S+)\s*([\s\S]*)$/.exec(text.trim()) ?? [];
	const refuse = v3.hooks.refuseNext;
	if (refuse) {
		// Test hook: the agent fails while working on it, after the app acked it: the app pings right
		// after a send and takes the pong as the ack. One short step was not always enough: on a
		// loaded machine the gateway read the ping more than 5 ms after the message, so the error
		// went first and the app took it for a limit before the ack (sent again after a wait).
		delete v3.hooks.refuseNext;
		await sleep(Math.max(stepMs, REFUSE_AFTER_MS), undefined, { signal });
		return reply.error(refuse);
	}
	switch (name) {
		case 'text':
			return reply.text(V3_DEMO_TEXT);
		case 'error': {
			const code = (args.trim() || 'internal') as V3ErrorCode;
			if (code in V3_ERROR_CODES) return reply.error(code);
			return reply.error(
				'unsupported',
				`no error code "${code}"; try one of ${Object.keys(V3_ERROR_CODES).join(', ')}`
			);
		}
		case 'slow':
			return reply.stream(slowAnswer(), Math.max(SLOW_STEP_MS, stepMs), signal);
		case 'file':
		case 'media':
			await reply.stream(V3_DEMO_FILES_TEXT, stepMs, signal);
			if (name === 'media') await sendImageAndVoice(v3, reply);
			return sendPdf(v3, reply);
		default:
			return reply.stream(demoReply(f.type === 'text' ? text : withMedia(f)), stepMs, signal);
	}
}

/** Queue the demo agent's answer to `f` behind the turns already running in its session. */
export function handleV3Message(v3: V3Hub, f: V3AppMessage): void {
	v3.hub.enqueueTurn({ chat_id: `v3:${f.session}` }, (signal) => runTurn(v3, f, signal));
}
