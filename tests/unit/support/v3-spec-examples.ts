/**
 * The examples of `shared/spec/hermes-chat-v3.md`, verbatim (ids, session and texts as the spec
 * writes them), as test fixtures for the v3 adapter.
 */
export const SPEC = {
	textFromApp: {
		id: 'msg_001',
		type: 'text',
		from: 'admin',
		to: 'hermes',
		session: 'abc-123-def',
		ts: 1719123456,
		data: { text: '帮我写个快速排序' }
	},
	textFromAgent: {
		id: 'msg_002',
		type: 'text',
		from: 'hermes',
		to: 'admin',
		session: 'abc-123-def',
		reply_to: 'msg_001',
		ts: 1719123457,
		data: { text: '好的，马上处理' }
	},
	image: {
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
	},
	voice: {
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
	},
	video: {
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
	},
	file: {
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
	},
	streamStart: {
		id: 'str_001',
		type: 'stream_start',
		from: 'hermes',
		to: 'admin',
		session: 'abc-123-def',
		reply_to: 'msg_001',
		ts: 1719123457
	},
	stream: {
		type: 'stream',
		from: 'hermes',
		to: 'admin',
		session: 'abc-123-def',
		data: { text: '快速排序的' }
	},
	streamEnd: { type: 'stream_end', from: 'hermes', to: 'admin', session: 'abc-123-def' },
	error: {
		id: 'err_001',
		type: 'error',
		from: 'hermes',
		to: 'admin',
		session: 'abc-123-def',
		reply_to: 'msg_001',
		ts: 1719123457,
		data: { code: 'timeout', text: '处理超时，请稍后再试' }
	},
	ping: { type: 'ping' },
	pong: { type: 'pong' }
} as const;
