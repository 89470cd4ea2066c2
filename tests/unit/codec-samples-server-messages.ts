/**
 * Sample server → app frames, part one (codec-samples.ts): the handshake, messages, streaming,
 * commentary, tools, typing and notifications. Every payload field is filled.
 */
import { CHAT, THREAD, type ServerSamples } from './codec-helpers';

/** The samples of the handshake, message, streaming, tool, typing and notification frames. */
export const SERVER_MESSAGE_SAMPLES = {
	'hello.ack': {
		v: 1,
		type: 'hello.ack',
		id: 1,
		payload: {
			server_caps: {
				streaming: true,
				reasoning: true,
				tools: true,
				media: true,
				search: true,
				push: 'fcm',
				pickers: true,
				vapid_public_key:
					'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'
			},
			sync_cursor: 4182,
			channels: [
				{
					chat_id: 'android:default',
					name: 'General',
					kind: 'default',
					parent_chat_id: null,
					is_default: true
				},
				{
					chat_id: CHAT,
					name: 'Research',
					kind: 'channel',
					parent_chat_id: null,
					is_default: false
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
	message: {
		v: 1,
		type: 'message',
		id: 5,
		chat_id: CHAT,
		thread_id: THREAD,
		payload: {
			message_id: 'msg_01HZX3K9',
			role: 'assistant',
			text: 'Here is the **summary** you asked for:\n\n- one\n- two',
			reasoning: 'The user wants a short list.',
			media: [
				{
					media_id: 'med_42',
					kind: 'image',
					mime: 'image/png',
					size: 48213,
					filename: 'chart.png'
				}
			],
			reply_to: 'msg_01HZX3K0',
			model: 'claude-sonnet-4',
			tokens: 812,
			ts: 1732896000123,
			client_msg_id: '6f1c2a4e-7b1d-4c3e-9a5f-0d2e8b7c6a91'
		}
	},
	'message.start': {
		v: 1,
		type: 'message.start',
		chat_id: CHAT,
		payload: { message_id: 'msg_01HZX3KA', role: 'assistant', ts: 1732896001000 }
	},
	'message.update': {
		v: 1,
		type: 'message.update',
		chat_id: CHAT,
		payload: { message_id: 'msg_01HZX3KA', text: 'Thinking about it, the answer is' }
	},
	'message.stop': {
		v: 1,
		type: 'message.stop',
		chat_id: CHAT,
		payload: {
			message_id: 'msg_01HZX3KA',
			final_text: 'Thinking about it, the answer is 42.',
			reasoning: 'Arithmetic.',
			model: 'claude-sonnet-4',
			tokens: 97
		}
	},
	commentary: {
		v: 1,
		type: 'commentary',
		chat_id: CHAT,
		payload: { message_id: 'msg_01HZX3KA', text: 'Let me check the docs first.' }
	},
	'tool.start': {
		v: 1,
		type: 'tool.start',
		chat_id: CHAT,
		payload: {
			index: 0,
			name: 'web_search',
			preview: 'web_search("iris protocol")',
			args: { query: 'iris protocol', max_results: 5, safe: true },
			message_id: 'msg_01HZX3KA'
		}
	},
	'tool.progress': {
		v: 1,
		type: 'tool.progress',
		chat_id: CHAT,
		payload: { index: 0, name: 'web_search', note: '3 of 5 results', message_id: 'msg_01HZX3KA' }
	},
	'tool.end': {
		v: 1,
		type: 'tool.end',
		chat_id: CHAT,
		payload: {
			index: 0,
			name: 'web_search',
			ok: true,
			duration: 1.25,
			output_preview: '5 results',
			message_id: 'msg_01HZX3KA'
		}
	},
	typing: { v: 1, type: 'typing', chat_id: CHAT, payload: { on: true } },
	notification: {
		v: 1,
		type: 'notification',
		payload: {
			kind: 'cron',
			title: 'Daily digest',
			body: 'Your morning summary is ready.',
			ts: 1732896002000
		}
	}
} satisfies Partial<ServerSamples>;
