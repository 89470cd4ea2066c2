/**
 * A picker's title (the dialog's accessible name, and what a settled picker in the log says).
 * Apart from picker-choices.ts so that the chat's first render carries only this.
 */
import { m } from '../i18n';
import type { PickerRow } from './turn-rows';

/** The picker's title: its `title` or `question`, else a name for its type. */
export function pickerTitle(row: PickerRow): string {
	const p = row.payload as { title?: string; question?: string };
	switch (row.type) {
		case 'picker.model':
			return m.picker_choose_model();
		case 'picker.approval':
			return m.picker_approval_required();
		case 'picker.clarify':
			return p.question || m.picker_question();
		case 'picker.confirm':
			return p.title || m.picker_please_confirm();
		default:
			return p.title || m.picker_choose_option();
	}
}
