/**
 * The frame types of each direction as runtime lists, checked against the schema by the codec
 * tests (tests/unit/codec.test.ts).
 */
import type { AppFrameType, ServerFrameType } from './frames';

/** Every frame type the app accepts (the schema's `server_to_app`, plus `read.receipt`). */
export const SERVER_FRAME_TYPES: readonly ServerFrameType[] = [
	'hello.ack',
	'message',
	'message.start',
	'message.update',
	'message.stop',
	'commentary',
	'tool.start',
	'tool.progress',
	'tool.end',
	'typing',
	'notification',
	'picker.model',
	'picker.choice',
	'picker.clarify',
	'picker.approval',
	'picker.confirm',
	'channel.list',
	'channel.created',
	'channel.renamed',
	'channel.deleted',
	'history',
	'commands.catalog',
	'commands.complete',
	'agent.busy',
	'agent.idle',
	'search.results',
	'media.offer',
	'status',
	'error',
	'pong',
	'sync.done',
	'media.pull.end',
	'read.receipt'
];

/** Every frame type the app may send (the schema's `app_to_server`). */
export const APP_FRAME_TYPES: readonly AppFrameType[] = [
	'hello',
	'message.send',
	'media.upload.start',
	'media.upload.end',
	'media.pull',
	'picker.select',
	'channel.create',
	'channel.rename',
	'channel.set_default',
	'channel.delete',
	'search',
	'history',
	'commands.catalog',
	'commands.complete',
	'agent.stop',
	'agent.steer',
	'read.receipt',
	'sync',
	'fcm.register',
	'ping'
];
