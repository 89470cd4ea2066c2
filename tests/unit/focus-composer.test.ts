// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { focusComposer } from '$lib/components/common/focus-composer';

function addComposer(): HTMLTextAreaElement {
	const field = document.createElement('textarea');
	field.id = 'composer-input';
	document.body.append(field);
	return field;
}

describe('focusComposer', () => {
	afterEach(() => document.body.replaceChildren());

	it('focuses the field once it renders', async () => {
		const focused = focusComposer({ unlessFocused: true });
		const field = addComposer();
		expect(await focused).toBe(true);
		expect(document.activeElement).toBe(field);
	});

	it('with unlessFocused, leaves the focus where the user put it before the field rendered', async () => {
		const button = document.createElement('button');
		document.body.append(button);
		const focused = focusComposer({ unlessFocused: true });
		button.focus();
		addComposer();
		expect(await focused).toBe(false);
		expect(document.activeElement).toBe(button);
	});

	it('without the option, takes the focus (after an action that replaced what had it)', async () => {
		const button = document.createElement('button');
		document.body.append(button);
		button.focus();
		const focused = focusComposer();
		const field = addComposer();
		expect(await focused).toBe(true);
		expect(document.activeElement).toBe(field);
	});
});
