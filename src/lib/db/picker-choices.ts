/**
 * What a picker offers, in one shape for every picker type (spec `picker.*`): its title (the
 * dialog's accessible name) and its choices (the buttons). Pure; used by the store (label of an
 * answer that came from another device) and the page.
 *
 * Values sent back in `picker.select` (doc/protocol.md "Picker answers"): approval `once` /
 * `session` / `always` / `deny`; confirm `yes` / `no`; model `<provider id>:<model id>`; choice and
 * clarify the choice's `value`.
 */
import { m } from '../i18n';
import type { PickerRow } from './turn-rows';
// The title alone is shown with the chat (settled pickers); the choices load with the dialog.
export { pickerTitle } from './picker-title';

/**
 * One button of a picker. `group`: the provider of a model. `tone`: how it looks — `primary` for
 * the expected answer (allow once, confirm), `danger` for the refusal; plain when absent.
 */
export interface PickerChoice {
	value: string;
	label: string;
	current?: boolean;
	group?: string;
	tone?: 'primary' | 'danger';
}

/** Approval choices, in Hermes' order, in the interface language. */
export function approvalChoices(): PickerChoice[] {
	return [
		{ value: 'once', label: m.picker_allow_once(), tone: 'primary' },
		{ value: 'session', label: m.picker_allow_session() },
		{ value: 'always', label: m.picker_always_allow() },
		{ value: 'deny', label: m.picker_deny(), tone: 'danger' }
	];
}

/** Confirm choices, in the interface language. */
function confirmChoices(): PickerChoice[] {
	return [
		{ value: 'yes', label: m.picker_confirm(), tone: 'primary' },
		{ value: 'no', label: m.picker_cancel() }
	];
}

function stringField(o: Record<string, unknown>, keys: readonly string[]): string | undefined {
	for (const key of keys) {
		const value = o[key];
		if (typeof value === 'string' && value !== '') return value;
	}
	return undefined;
}

/** The picker's choices, in the order given. Clarify choices may be any objects: read leniently. */
export function pickerChoices(row: PickerRow): PickerChoice[] {
	switch (row.type) {
		case 'picker.approval':
			return approvalChoices();
		case 'picker.confirm':
			return confirmChoices();
		case 'picker.model': {
			const p = (row as PickerRow<'picker.model'>).payload;
			return (p.providers ?? []).flatMap((provider) =>
				(provider.models ?? []).map((m) => ({
					value: `${provider.id}:${m.id}`,
					label: m.label || m.id,
					group: provider.label || provider.id,
					current:
						m.id === p.current_model &&
						(p.current_provider === undefined || p.current_provider === provider.id)
				}))
			);
		}
		case 'picker.choice':
			return ((row as PickerRow<'picker.choice'>).payload.choices ?? []).map((c) => ({
				value: c.value,
				label: c.label || c.value,
				current: c.is_current === true
			}));
		case 'picker.clarify':
			return ((row as PickerRow<'picker.clarify'>).payload.choices ?? []).flatMap((c) => {
				const value = stringField(c, ['value', 'id', 'text', 'label']);
				return value === undefined
					? []
					: [{ value, label: stringField(c, ['label', 'text', 'value', 'id']) ?? value }];
			});
		default:
			return [];
	}
}

/** Whether the picker also takes free text (a clarify question). */
export function acceptsText(row: PickerRow): boolean {
	return row.type === 'picker.clarify';
}

/** The label shown for an answer `value`: its choice's label, or the value itself. */
export function choiceLabel(row: PickerRow, value: string): string {
	return pickerChoices(row).find((c) => c.value === value)?.label ?? value;
}
