import { describe, expect, it } from 'vitest';
import { frame } from '../../src/lib/protocol/iris';
import { parsePush, pushForFrame, unreadOf } from '../../src/lib/protocol/push';

const ORIGIN = 'https://iris.example';

describe('pushForFrame (what the gateway pushes)', () => {
	it('pushes a finished turn, approvals, questions, notifications and read receipts', () => {
		const stop = frame(
			'message.stop',
			{ message_id: 'm1', final_text: 'Done\n\nwith   it' },
			{ chat_id: 'c1' }
		);
		expect(pushForFrame(stop, 'default')).toEqual({
			v: 1,
			type: 'push',
			kind: 'message',
			chat_id: 'c1',
			message_id: 'm1',
			body: 'Done with it'
		});
		expect(
			pushForFrame(frame('picker.approval', { picker_id: 'p', command: 'rm -rf /tmp/x' }), 'def')
		).toMatchObject({ kind: 'approval', chat_id: 'def', body: 'rm -rf /tmp/x' });
		expect(
			pushForFrame(frame('picker.clarify', { picker_id: 'p', question: 'Which one?' }), 'd')
		).toMatchObject({ kind: 'clarify', body: 'Which one?' });
		expect(
			pushForFrame(
				frame('notification', { kind: 'cron' as const, title: 'Daily', body: 'ran' }),
				'd'
			)
		).toMatchObject({ kind: 'notification', title: 'Daily', body: 'ran' });
		expect(
			pushForFrame(frame('read.receipt', { chat_id: 'c2', message_id: 'm9' }), 'd')
		).toMatchObject({ kind: 'read', chat_id: 'c2', message_id: 'm9' });
		expect(pushForFrame(frame('agent.idle', {}), 'd')).toBeNull();
		// The gateway broadcasts an answered picker again: nothing to notify then.
		expect(
			pushForFrame(frame('picker.approval', { picker_id: 'p', answer: 'once' }), 'd')
		).toBeNull();
		expect(
			pushForFrame(frame('picker.clarify', { picker_id: 'p', answer: 'blue' }), 'd')
		).toBeNull();
		expect(pushForFrame(frame('message.update', { message_id: 'm', text: 'x' }), 'd')).toBeNull();
	});

	it('clips long bodies', () => {
		const long = 'word '.repeat(200);
		const push = pushForFrame(frame('message.stop', { message_id: 'm', final_text: long }), 'd');
		expect(push?.body?.length).toBe(200);
		expect(push?.body?.endsWith('…')).toBe(true);
	});
});

describe('parsePush (what the service worker shows)', () => {
	it('reads the gateway shape, tagged by chat', () => {
		const push = pushForFrame(
			frame('message.stop', { message_id: 'm1', final_text: 'hi' }, { chat_id: 'a b' }),
			'd'
		);
		expect(parsePush(push, ORIGIN)).toEqual({
			kind: 'message',
			chat_id: 'a b',
			tag: 'chat:a b',
			body: 'hi',
			path: '/chat/a%20b',
			message_id: 'm1'
		});
	});

	it("reads ntfy's message event; the click URL names the chat, tags the kind", () => {
		const ntfy = {
			event: 'message',
			subscription_id: 's',
			message: {
				id: 'n1',
				time: 1,
				event: 'message',
				topic: 'iris-me',
				title: 'Hermes',
				message: 'May I run it?',
				tags: ['approval'],
				click: `${ORIGIN}/chat/ops`
			}
		};
		expect(parsePush(ntfy, ORIGIN)).toEqual({
			kind: 'approval',
			chat_id: 'ops',
			tag: 'chat:ops',
			title: 'Hermes',
			body: 'May I run it?',
			path: '/chat/ops',
			message_id: 'n1'
		});
	});

	it('tags an ntfy message without a chat by its topic; a foreign click URL names no chat', () => {
		const ntfy = {
			event: 'message',
			message: { topic: 't', message: 'x', click: 'https://elsewhere.example/chat/ops' }
		};
		expect(parsePush(ntfy, ORIGIN)).toMatchObject({ tag: 'ntfy:t', path: '/', kind: 'message' });
		expect(parsePush(ntfy, ORIGIN)?.chat_id).toBeUndefined();
	});

	it('ignores anything else', () => {
		expect(parsePush(null, ORIGIN)).toBeNull();
		expect(parsePush('text', ORIGIN)).toBeNull();
		expect(parsePush({ event: 'subscription_expiring' }, ORIGIN)).toBeNull();
		expect(parsePush({ type: 'push', kind: 'bogus', chat_id: 'c' }, ORIGIN)).toBeNull();
		expect(parsePush({ type: 'push', kind: 'message' }, ORIGIN)).toBeNull();
	});
});

it('unreadOf sums what shown notifications stand for, ignoring foreign ones', () => {
	expect(
		unreadOf([
			{ data: { unread: 2 } },
			{ data: null },
			{ data: { path: '/' } },
			{ data: { unread: 1 } }
		])
	).toBe(3);
	expect(unreadOf([])).toBe(0);
});
