/**
 * Markdown for a message that is still streaming (`message.start` … `message.update`).
 *
 * Each `message.update` carries the full text so far, so this renders the whole text every time
 * (at most once per animation frame). When the message ends, render `final_text` from
 * `message.stop` (or the last text) with `renderMarkdown` instead: the repairs here are only for
 * text that stops mid-construct. A later change may make this incremental by blocks; the
 * signature `(text) => html` is what callers rely on.
 */
import { closeOpenFence } from './fences';
import { closeOpenInline } from './inline-marks';
import { renderMarkdown } from './render';
import { completeTableDelimiter, holdTableHeader } from './tables';

/**
 * Render partial markdown to sanitized HTML, exactly as `renderMarkdown` does, after repairing the
 * unfinished end: an unterminated code fence is closed (an open fence renders as `<pre><code>`),
 * a fence marker still being typed is held back, a table's delimiter row still being typed is
 * completed so the table does not flash as text (its header line alone is held back), and the
 * last block's open inline marks are closed (`./inline-marks.ts`: `**bold` shows bold, a link
 * being typed its label; marks and block markers with nothing after them are held back). Text
 * that ends in none of these — a finished paragraph, code block or table — renders as
 * `renderMarkdown(text)` does; the final render always goes through `renderMarkdown`.
 *
 * @throws Error when called without a DOM, like `renderMarkdown`.
 */
export function renderStreaming(text: string): string {
	const repaired = holdTableHeader(completeTableDelimiter(closeOpenFence(text)));
	return renderMarkdown(closeOpenInline(repaired));
}
