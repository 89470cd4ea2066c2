/**
 * Sample server → app frames, part two (codec-samples.ts): pickers, channels, history, commands,
 * agent activity, search, media, status, errors, sync and read receipts. Every payload field is
 * filled.
 */
import { CHAT, THREAD, type ServerSamples } from './codec-helpers';

/** The samples of the picker, channel, history, command, search, media and link-state frames. */
export const SERVER_FEATURE_SAMPLES = {
	'picker.model': {
		v: 1,
		type: 'picker.model',
		id: 9,
		payload: {
			picker_id: 'pk_model_1',
			current_model: 'claude-sonnet-4',
			current_provider: 'anthropic',
			providers: [
				{
					id: 'anthropic',
					label: 'Anthropic',
					models: [
						{ id: 'claude-sonnet-4', label: 'Claude Sonnet 4' },
						{ id: 'claude-opus-4', label: 'Claude Opus 4' }
					]
				},
				{ id: 'local', label: 'Local', models: [{ id: 'llama-3-8b', label: 'Llama 3 8B' }] }
			]
		}
	},
	'picker.choice': {
		v: 1,
		type: 'picker.choice',
		payload: {
			picker_id: 'pk_choice_1',
			title: 'Reasoning effort',
			choices: [
				{ value: 'low', label: 'Low', is_current: false },
				{ value: 'high', label: 'High', is_current: true }
			]
		}
	},
	'picker.clarify': {
		v: 1,
		type: 'picker.clarify',
		chat_id: CHAT,
		payload: {
			picker_id: 'pk_clarify_1',
			question: 'Which environment?',
			choices: [
				{ value: 'staging', label: 'Staging' },
				{ value: 'prod', label: 'Production' }
			]
		}
	},
	'picker.approval': {
		v: 1,
		type: 'picker.approval',
		chat_id: CHAT,
		payload: {
			picker_id: 'pk_approval_1',
			command: 'rm -rf ./build',
			description: 'Delete the build directory'
		}
	},
	'picker.confirm': {
		v: 1,
		type: 'picker.confirm',
		payload: {
			picker_id: 'pk_confirm_1',
			title: 'Reset session?',
			message: 'This clears the conversation context.'
		}
	},
	'channel.list': {
		v: 1,
		type: 'channel.list',
		id: 11,
		payload: {
			channels: [
				{
					chat_id: 'android:default',
					name: 'General',
					kind: 'default',
					parent_chat_id: null,
					is_default: true
				},
				{
					chat_id: THREAD,
					name: 'Sources',
					kind: 'thread',
					parent_chat_id: CHAT,
					is_default: false
				}
			]
		}
	},
	'channel.created': {
		v: 1,
		type: 'channel.created',
		id: 12,
		payload: {
			chat_id: 'android:chan_8',
			name: 'Ideas',
			kind: 'channel',
			parent_chat_id: null,
			is_default: false
		}
	},
	'channel.renamed': {
		v: 1,
		type: 'channel.renamed',
		payload: { chat_id: CHAT, name: 'Deep research' }
	},
	'channel.deleted': { v: 1, type: 'channel.deleted', payload: { chat_id: 'android:chan_8' } },
	history: {
		v: 1,
		type: 'history',
		id: 14,
		chat_id: CHAT,
		payload: {
			messages: [
				{
					message_id: 'msg_01',
					role: 'user',
					text: 'What is the capital of Peru?',
					reasoning: '',
					model: '',
					tokens: 9,
					ts: 1732800000000
				},
				{
					message_id: 'msg_02',
					role: 'assistant',
					text: 'Lima.',
					reasoning: 'Well known.',
					model: 'claude-sonnet-4',
					tokens: 4,
					ts: 1732800001000
				}
			],
			has_more: true,
			oldest_message_id: 'msg_01'
		}
	},
	'commands.catalog': {
		v: 1,
		type: 'commands.catalog',
		id: 15,
		payload: {
			commands: [
				{ name: '/model', description: 'Switch model', args_hint: '[name]', category: 'session' },
				{ name: '/reset', description: 'Start over', args_hint: '', category: 'session' }
			]
		}
	},
	'commands.complete': {
		v: 1,
		type: 'commands.complete',
		id: 16,
		payload: {
			prefix: '/mo',
			matches: [{ name: '/model', description: 'Switch model', args_hint: '[name]' }]
		}
	},
	'agent.busy': { v: 1, type: 'agent.busy', chat_id: CHAT, payload: { reason: 'tool' } },
	'agent.idle': { v: 1, type: 'agent.idle', chat_id: CHAT, payload: {} },
	'search.results': {
		v: 1,
		type: 'search.results',
		id: 17,
		payload: {
			query: 'lima',
			scope: 'all',
			hits: [
				{
					message_id: 'msg_02',
					chat_id: CHAT,
					thread_id: null,
					role: 'assistant',
					snippet: '<b>Lima</b>.',
					ts: 1732800001000
				},
				{
					message_id: 'msg_77',
					chat_id: CHAT,
					thread_id: THREAD,
					role: 'user',
					snippet: 'flights to lima',
					ts: 1732800009000
				}
			]
		}
	},
	'media.offer': {
		v: 1,
		type: 'media.offer',
		chat_id: CHAT,
		payload: {
			media_id: 'med_43',
			kind: 'voice',
			mime: 'audio/ogg',
			size: 20480,
			filename: 'reply.ogg'
		}
	},
	status: {
		v: 1,
		type: 'status',
		payload: { state: 'degraded', session: { model: 'claude-sonnet-4', queue: 2 } }
	},
	error: {
		v: 1,
		type: 'error',
		id: 18,
		payload: { code: 'rate_limited', message: 'Too many requests; retry in 10 s.' }
	},
	pong: { v: 1, type: 'pong', id: 19, payload: { ts: 1732896003000 } },
	'sync.done': { v: 1, type: 'sync.done', id: 20, payload: { cursor: 4190 } },
	'media.pull.end': { v: 1, type: 'media.pull.end', id: 21, payload: { ok: true } },
	'read.receipt': {
		v: 1,
		type: 'read.receipt',
		chat_id: CHAT,
		payload: { chat_id: CHAT, message_id: 'msg_02' }
	}
} satisfies Partial<ServerSamples>;
