/**
 * The spec's v3 examples (`hermes-v3-examples.ts`, shared with the codec tests) by short name,
 * typed loosely enough for the adapter tests to read `data.text` and `data.media`.
 */
import type { V3Media } from '../../../src/lib/protocol/hermes-v3';
import { v3Example } from './hermes-v3-examples';

/** A spec example read field by field. */
export type Example = {
	id: string;
	type: string;
	session: string;
	data: {
		text: string;
		code?: string;
		media: V3Media;
	};
} & Record<string, unknown>;

const ex = (name: string) => v3Example(name) as Example;

export const SPEC = {
	textFromApp: ex('text (App 发送)'),
	textFromAgent: ex('text (Agent 回复)'),
	image: ex('image'),
	voice: ex('voice'),
	video: ex('video'),
	file: ex('file'),
	streamStart: ex('stream_start'),
	stream: ex('stream'),
	streamEnd: ex('stream_end'),
	error: ex('error'),
	ping: ex('ping'),
	pong: ex('pong')
};
