import { describe, expect, it } from 'vitest';
import { frame } from '../../src/lib/protocol/iris';
import { parsePush, pushForFrame, withoutText } from '../../src/lib/protocol/push';
import { chosen, pickerActions } from '../../src/service-worker/notice-answer';

const ORIGIN = 'https://iris.example';
const CHOICES = ['Python', 'TypeScript', 'Go', 'Rust'].map((label) => ({
	value: label.toLowerCase(),
	label
}));

describe('a push that can be answered from the notification', () => {
	it('carries the picker of an approval, and a question’s first three choices', () => {
		expect(
			pushForFrame(frame('picker.approval', { picker_id: 'p1', command: 'rm x' }), 'd')
		).toMatchObject({ kind: 'approval', picker_id: 'p1' });
		const clarify = pushForFrame(
			frame('picker.clarify', { picker_id: 'p2', question: 'Which?', choices: CHOICES }),
			'd'
		);
		expect(clarify).toMatchObject({ kind: 'clarify', picker_id: 'p2' });
		expect(clarify?.choices).toEqual(CHOICES.slice(0, 3));
		// A free-text question offers no choices.
		expect(
			pushForFrame(frame('picker.clarify', { picker_id: 'p3', question: 'Why?' }), 'd')
		).not.toHaveProperty('choices');
	});

	it('is read back by the service worker; choices it cannot use are skipped', () => {
		const notice = parsePush(
			{
				v: 1,
				type: 'push',
				kind: 'clarify',
				chat_id: 'c',
				picker_id: 'p',
				choices: [{ value: 'a', label: 'A' }, { label: 'no value' }, 'x', { value: 'b' }]
			},
			ORIGIN
		);
		expect(notice).toMatchObject({
			picker_id: 'p',
			choices: [
				{ value: 'a', label: 'A' },
				{ value: 'b', label: 'b' }
			]
		});
		// Only approvals and questions answer a picker.
		const message = parsePush(
			{ v: 1, type: 'push', kind: 'message', chat_id: 'c', picker_id: 'p' },
			ORIGIN
		);
		expect(message).not.toHaveProperty('picker_id');
	});
});

describe('the notification’s actions', () => {
	const approval = parsePush(
		{ v: 1, type: 'push', kind: 'approval', chat_id: 'c', picker_id: 'p' },
		ORIGIN
	)!;

	it('are Allow once and Deny for an approval, as many choices as the platform shows otherwise', () => {
		const { actions, picker } = pickerActions(approval, 'en', 2);
		expect(actions).toEqual([
			{ action: 'answer:0', title: 'Allow once' },
			{ action: 'answer:1', title: 'Deny' }
		]);
		expect(picker).toEqual({
			picker_id: 'p',
			chat_id: 'c',
			choices: [
				{ value: 'once', label: 'Allow once' },
				{ value: 'deny', label: 'Deny' }
			]
		});
		const clarify = parsePush(
			{ v: 1, type: 'push', kind: 'clarify', chat_id: 'c', picker_id: 'q', choices: CHOICES },
			ORIGIN
		)!;
		expect(pickerActions(clarify, 'en', 2).actions.map((a) => a.title)).toEqual([
			'Python',
			'TypeScript'
		]);
		// No picker (a plain message, a question without choices): no actions.
		expect(pickerActions({ ...clarify, picker_id: undefined }, 'en', 2)).toEqual({ actions: [] });
		expect(pickerActions({ ...clarify, choices: undefined }, 'en', 2)).toEqual({ actions: [] });
	});

	it('are read back from the clicked action id only', () => {
		const { picker } = pickerActions(approval, 'en', 2);
		const data = { path: '/chat/c', unread: 1, picker };
		expect(chosen(data, 'answer:1')).toEqual({ value: 'deny', label: 'Deny' });
		expect(chosen(data, '')).toBeUndefined();
		expect(chosen(data, 'answer:7')).toBeUndefined();
		expect(chosen({ path: '/', unread: 0 }, 'answer:0')).toBeUndefined();
	});
});

describe('a notification without message text (previews off)', () => {
	it('keeps what it is about and its picker, drops the body, the title and the choices', () => {
		const clarify = parsePush(
			{
				v: 1,
				type: 'push',
				kind: 'clarify',
				chat_id: 'c',
				title: 'Which one?',
				body: 'Pick a database',
				picker_id: 'q',
				choices: CHOICES
			},
			ORIGIN
		)!;
		const bare = withoutText(clarify);
		expect(bare).toEqual({
			kind: 'clarify',
			chat_id: 'c',
			tag: 'chat:c',
			body: '',
			path: '/chat/c',
			picker_id: 'q'
		});
		// A question then offers no actions; an approval keeps Allow once and Deny (our words).
		expect(pickerActions(bare, 'en', 2)).toEqual({ actions: [] });
		const approval = parsePush(
			{ v: 1, type: 'push', kind: 'approval', chat_id: 'c', body: 'rm -rf /', picker_id: 'p' },
			ORIGIN
		)!;
		expect(pickerActions(withoutText(approval), 'en', 2).actions).toHaveLength(2);
	});
});
