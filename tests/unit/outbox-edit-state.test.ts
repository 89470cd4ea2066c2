import { expect, it } from 'vitest';
import type { EditInput, OutboxChange } from '../../src/lib/bridge/contract';
import { OutboxEdit } from '../../src/lib/state/outbox-edit.svelte';
import type { MessageView } from '../../src/lib/state/message-view';

/** An OutboxEdit on a fake composer, with the worker's answers given by the test. */
function setup(answer: OutboxChange) {
	let field = 'my draft';
	const notes: string[] = [];
	const edits: EditInput[] = [];
	const cancels: string[] = [];
	const edit = new OutboxEdit({
		fill: (text) => {
			const before = field;
			field = text;
			return before;
		},
		cancel: async (id) => (cancels.push(id), answer),
		edit: async (input) => (edits.push(input), answer),
		note: (text) => notes.push(text),
		randomUUID: () => 'new-id'
	});
	const view = { row: { client_msg_id: 'old-id' }, text: 'old text' } as unknown as MessageView;
	return {
		edit,
		view,
		notes,
		edits,
		cancels,
		field: () => field,
		type: (t: string) => (field = t)
	};
}

it('Edit fills the composer; Cancel edit gives back what was typed there', () => {
	const t = setup('done');
	t.edit.start(t.view);
	expect(t.field()).toBe('old text');
	expect(t.edit.editing).toEqual({ client_msg_id: 'old-id', text: 'old text' });
	t.edit.stop();
	expect(t.field()).toBe('my draft');
	expect(t.edit.editing).toBeNull();
});

it('sending an edit replaces the message under a new id, then the draft comes back', async () => {
	const t = setup('done');
	t.edit.start(t.view);
	t.type('');
	await t.edit.submit('new text');
	expect(t.edits).toEqual([
		{ client_msg_id: 'old-id', new_client_msg_id: 'new-id', text: 'new text' }
	]);
	expect(t.field()).toBe('my draft');
	expect(t.notes).toEqual([]);
});

it('an edit that came too late puts the edited text back and says so', async () => {
	const t = setup('sent');
	t.edit.start(t.view);
	t.type('');
	await t.edit.submit('new text');
	expect(t.field()).toBe('new text');
	expect(t.notes).toEqual([expect.stringMatching(/^Already sent/)]);
});

it('Cancel of the message being edited ends the edit, and says what happened', async () => {
	const t = setup('done');
	t.edit.start(t.view);
	await t.edit.cancel(t.view);
	expect(t.cancels).toEqual(['old-id']);
	expect(t.edit.editing).toBeNull();
	expect(t.field()).toBe('my draft');
	expect(t.notes).toEqual(['Message cancelled']);
	const late = setup('sent');
	await late.edit.cancel(late.view);
	expect(late.notes).toEqual([expect.stringMatching(/^Already sent/)]);
});
