/**
 * Composer drafts per channel, in `localStorage` (synchronous, survives reloads). Storage that is
 * unavailable or full only costs the draft's persistence, never the typing.
 */
const KEY = 'iris:draft:';

/** The saved draft of a channel, or ''. */
export function loadDraft(chat_id: string): string {
	try {
		return localStorage.getItem(KEY + chat_id) ?? '';
	} catch {
		return '';
	}
}

/** Save (or, for '', remove) a channel's draft. */
export function saveDraft(chat_id: string, text: string): void {
	try {
		if (text) localStorage.setItem(KEY + chat_id, text);
		else localStorage.removeItem(KEY + chat_id);
	} catch {
		// Storage full or blocked: the draft stays in the textarea.
	}
}
