/**
 * What the code, formula and diagram controls say, from the message catalogue (messages/*.json).
 * The English accessible names "Copy code", "Copied", "Wrap lines", "Show all N lines", "Show
 * source" and "Show diagram" are part of the UI contract: tests find the buttons by them.
 */
import { m } from '$lib/i18n';

export const richText = {
	copyCode: () => m.code_copy(),
	copied: () => m.code_copied(),
	copyFailed: () => m.code_copy_failed(),
	wrapLines: () => m.code_wrap(),
	showAllLines: (count: number) => m.code_show_all({ count }),
	showFewerLines: () => m.code_show_fewer(),
	showSource: () => m.diagram_show_source(),
	showDiagram: () => m.diagram_show_diagram(),
	diagram: () => m.diagram_label(),
	diagramFailed: (error: string) => m.diagram_failed({ error })
};
