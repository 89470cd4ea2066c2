/**
 * What the code, formula and diagram controls say (one place, for the message catalogue). The
 * accessible names "Copy code", "Copied", "Wrap lines", "Show all N lines", "Show source" and
 * "Show diagram" are part of the UI contract: tests find the buttons by them.
 */
export const richText = {
	copyCode: () => 'Copy code',
	copied: () => 'Copied',
	copyFailed: () => 'Copy failed',
	wrapLines: () => 'Wrap lines',
	showAllLines: (count: number) => `Show all ${count} lines`,
	showFewerLines: () => 'Show fewer lines',
	showSource: () => 'Show source',
	showDiagram: () => 'Show diagram',
	diagram: () => 'Diagram',
	diagramFailed: (error: string) => `The diagram could not be drawn: ${error}`
};
