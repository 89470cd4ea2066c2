/**
 * The examples of `spec/hermes-chat-v3.md`, verbatim (Chinese texts included), as test
 * fixtures for the v3 codec, the gateway and the app's v3 adapter. `direction` is who sends each
 * (the spec's "App 发送" / "Agent 回复" headings and the type overview's direction column).
 */
import type { V3Direction } from '../../../src/lib/protocol/hermes-v3';

/** One spec example: its section name, who sends it, and the JSON as printed in the spec. */
export interface V3Example {
	name: string;
	direction: V3Direction;
	json: Record<string, unknown>;
}

export const V3_SPEC_EXAMPLES: readonly V3Example[] = [
	{
		name: 'text (App 发送)',
		direction: 'app_to_server',
		json: {
			id: 'msg_001',
			type: 'text',
			from: 'admin',
			to: 'hermes',
			session: 'abc-123-def',
			ts: 1719123456,
			data: { text: '帮我写个快速排序' }
		}
	},
	{
		name: 'text (Agent 回复)',
		direction: 'server_to_app',
		json: {
			id: 'msg_002',
			type: 'text',
			from: 'hermes',
			to: 'admin',
			session: 'abc-123-def',
			reply_to: 'msg_001',
			ts: 1719123457,
			data: { text: '好的，马上处理' }
		}
	},
	{
		name: 'image',
		direction: 'app_to_server',
		json: {
			id: 'msg_003',
			type: 'image',
			from: 'admin',
			to: 'hermes',
			session: 'abc-123-def',
			ts: 1719123456,
			data: {
				text: '看下这张图',
				media: {
					id: 'med_a1b2c3',
					name: 'photo.jpg',
					type: 'image/jpeg',
					size: 245760,
					width: 1920,
					height: 1080
				}
			}
		}
	},
	{
		name: 'voice',
		direction: 'app_to_server',
		json: {
			id: 'msg_004',
			type: 'voice',
			from: 'admin',
			to: 'hermes',
			session: 'abc-123-def',
			ts: 1719123456,
			data: {
				media: { id: 'med_d4e5f6', type: 'audio/aac', size: 48000, duration: 15 },
				text: '帮我查下今天的天气'
			}
		}
	},
	{
		name: 'video',
		direction: 'app_to_server',
		json: {
			id: 'msg_005',
			type: 'video',
			from: 'admin',
			to: 'hermes',
			session: 'abc-123-def',
			ts: 1719123456,
			data: {
				text: '看下这个演示',
				media: {
					id: 'med_g7h8i9',
					name: 'demo.mp4',
					type: 'video/mp4',
					size: 5242880,
					duration: 30,
					width: 1920,
					height: 1080
				}
			}
		}
	},
	{
		name: 'file',
		direction: 'app_to_server',
		json: {
			id: 'msg_006',
			type: 'file',
			from: 'admin',
			to: 'hermes',
			session: 'abc-123-def',
			ts: 1719123456,
			data: {
				text: '分析下这个数据',
				media: { id: 'med_j0k1l2', name: 'sales.csv', type: 'text/csv', size: 10240 }
			}
		}
	},
	{
		name: 'stream_start',
		direction: 'server_to_app',
		json: {
			id: 'str_001',
			type: 'stream_start',
			from: 'hermes',
			to: 'admin',
			session: 'abc-123-def',
			reply_to: 'msg_001',
			ts: 1719123457
		}
	},
	{
		name: 'stream',
		direction: 'server_to_app',
		json: {
			type: 'stream',
			from: 'hermes',
			to: 'admin',
			session: 'abc-123-def',
			data: { text: '快速排序的' }
		}
	},
	{
		name: 'stream_end',
		direction: 'server_to_app',
		json: { type: 'stream_end', from: 'hermes', to: 'admin', session: 'abc-123-def' }
	},
	{
		name: 'error',
		direction: 'server_to_app',
		json: {
			id: 'err_001',
			type: 'error',
			from: 'hermes',
			to: 'admin',
			session: 'abc-123-def',
			reply_to: 'msg_001',
			ts: 1719123457,
			data: { code: 'timeout', text: '处理超时，请稍后再试' }
		}
	},
	{ name: 'ping', direction: 'app_to_server', json: { type: 'ping' } },
	{ name: 'pong', direction: 'server_to_app', json: { type: 'pong' } }
];

/** The example named `name` (throws for a typo), as a fresh deep copy to mutate. */
export function v3Example(name: string): Record<string, unknown> {
	const found = V3_SPEC_EXAMPLES.find((e) => e.name === name);
	if (!found) throw new Error(`no v3 spec example "${name}"`);
	return structuredClone(found.json);
}
