/**
 * One realistic frame per type and direction, every payload field filled (codec-*.test.ts). The
 * server → app samples are in codec-samples-server-*.ts, the app → server ones here.
 */
import type {
	AppFrame,
	AppFrameType,
	ServerFrame,
	ServerFrameType
} from '../../src/lib/protocol/iris';
import { CHAT, THREAD, type AppSamples, type ServerSamples } from './codec-helpers';
import { SERVER_FEATURE_SAMPLES } from './codec-samples-server-features';
import { SERVER_MESSAGE_SAMPLES } from './codec-samples-server-messages';

/** A sample of every server → app frame type. */
export const SERVER_SAMPLES: ServerSamples = {
	...SERVER_MESSAGE_SAMPLES,
	...SERVER_FEATURE_SAMPLES
};

/** A sample of every app → server frame type. */
export const APP_SAMPLES: AppSamples = {
	hello: {
		v: 1,
		type: 'hello',
		id: 1,
		payload: {
			token: 'tok_9f8e7d6c5b4a',
			device_id: 'b3f1c9e2-4d5a-4e6f-8a7b-9c0d1e2f3a4b',
			device_name: 'Firefox on Linux',
			caps: { min_protocol: 1, media: true, push: 'ntfy' },
			fcm_token: '{"endpoint":"https://push.example/abc","keys":{"p256dh":"x","auth":"y"}}',
			ntfy_topic: 'iris-3f9a'
		}
	},
	'message.send': {
		v: 1,
		type: 'message.send',
		id: 2,
		chat_id: CHAT,
		thread_id: THREAD,
		payload: {
			text: 'Summarise the attached report, please.',
			reply_to: 'msg_02',
			media_refs: ['2c6f0e8a-1b3d-4f5e-9a7c-8d6e5f4a3b2c'],
			client_msg_id: '6f1c2a4e-7b1d-4c3e-9a5f-0d2e8b7c6a91'
		}
	},
	'media.upload.start': {
		v: 1,
		type: 'media.upload.start',
		id: 3,
		payload: {
			media_ref: '2c6f0e8a-1b3d-4f5e-9a7c-8d6e5f4a3b2c',
			kind: 'document',
			mime: 'application/pdf',
			size: 183402,
			filename: 'report.pdf'
		}
	},
	'media.upload.end': {
		v: 1,
		type: 'media.upload.end',
		id: 4,
		payload: {
			media_ref: '2c6f0e8a-1b3d-4f5e-9a7c-8d6e5f4a3b2c',
			sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
		}
	},
	'media.pull': { v: 1, type: 'media.pull', id: 5, payload: { media_id: 'med_43' } },
	'picker.select': {
		v: 1,
		type: 'picker.select',
		id: 6,
		payload: { picker_id: 'pk_model_1', value: 'claude-opus-4' }
	},
	'channel.create': {
		v: 1,
		type: 'channel.create',
		id: 7,
		payload: { name: 'Sources', kind: 'thread', parent_chat_id: CHAT }
	},
	'channel.rename': {
		v: 1,
		type: 'channel.rename',
		id: 8,
		chat_id: CHAT,
		payload: { name: 'Deep research' }
	},
	'channel.set_default': {
		v: 1,
		type: 'channel.set_default',
		id: 9,
		chat_id: CHAT,
		payload: {}
	},
	'channel.delete': { v: 1, type: 'channel.delete', id: 10, chat_id: CHAT, payload: {} },
	search: {
		v: 1,
		type: 'search',
		id: 11,
		payload: { query: 'lima', scope: 'chat', chat_id: CHAT, thread_id: THREAD }
	},
	history: {
		v: 1,
		type: 'history',
		id: 12,
		chat_id: CHAT,
		payload: { before_message_id: 'msg_02', limit: 50 }
	},
	'commands.catalog': { v: 1, type: 'commands.catalog', id: 13, payload: {} },
	'commands.complete': { v: 1, type: 'commands.complete', id: 14, payload: { prefix: '/mo' } },
	'agent.stop': { v: 1, type: 'agent.stop', id: 15, chat_id: CHAT, payload: {} },
	'agent.steer': {
		v: 1,
		type: 'agent.steer',
		id: 16,
		chat_id: CHAT,
		payload: { text: 'Focus on the 2024 numbers only.' }
	},
	'read.receipt': {
		v: 1,
		type: 'read.receipt',
		chat_id: CHAT,
		payload: { chat_id: CHAT, message_id: 'msg_02' }
	},
	sync: { v: 1, type: 'sync', id: 17, payload: { cursor: 4182 } },
	'fcm.register': {
		v: 1,
		type: 'fcm.register',
		id: 18,
		payload: {
			fcm_token: '{"endpoint":"https://push.example/abc","keys":{"p256dh":"x","auth":"y"}}',
			ntfy_topic: 'iris-3f9a'
		}
	},
	ping: { v: 1, type: 'ping', payload: { ts: 1732896003000 } }
};

/** The sample of a server → app frame type. */
export const serverSample = (type: ServerFrameType): ServerFrame =>
	SERVER_SAMPLES[type] as ServerFrame;
/** The sample of an app → server frame type. */
export const appSample = (type: AppFrameType): AppFrame => APP_SAMPLES[type] as AppFrame;
