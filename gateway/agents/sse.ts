/**
 * Server-sent events from a `fetch` response body (the HTML standard's event-stream format):
 * yields each event's `data` (multi-line data joined by `\n`); comments (`: keep-alive`) and
 * other fields are skipped. Ends when the stream ends; rejects when it fails or is aborted.
 */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
	const decoder = new TextDecoder();
	let buffer = '';
	let data: string[] = [];
	for await (const chunk of body) {
		buffer += decoder.decode(chunk, { stream: true });
		let newline: number;
		while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
			// A lone `\r` at the end may be the first half of a `\r\n` split across chunks.
			if (newline === buffer.length - 1 && buffer.endsWith('\r')) break;
			const line = buffer.slice(0, newline);
			buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
			if (line === '') {
				if (data.length > 0) yield data.join('\n');
				data = [];
			} else if (line.startsWith('data:')) {
				data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
			}
		}
	}
	if (data.length > 0) yield data.join('\n');
}
