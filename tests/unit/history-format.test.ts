import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import {
	HistoryFormatError,
	validateManifest,
	validateMessagePage,
	type ExportMessage
} from '../../src/lib/db/history/format';
import { channelMarkdown, utcTime, type MarkdownLabels } from '../../src/lib/db/history/markdown';
import { readZip, safeName, ZipWriter } from '../../src/lib/db/history/zip';

const labels: MarkdownLabels = {
	role: (role) => ({ user: 'You', assistant: 'Hermes', system: 'System', cron: 'Cron' })[role],
	reasoning: 'Reasoning',
	notIncluded: 'not included'
};

const manifest = () => ({
	format: 'iris-export',
	version: 1,
	exported_at: 1_700_000_000_000,
	channels: [{ chat_id: 'c1', name: 'Ops', kind: 'channel' }],
	threads: [{ chat_id: 't1', name: 'Sub', kind: 'thread', parent_chat_id: 'c1' }],
	message_files: [{ chat_id: 'c1', path: 'messages/001.json', count: 1 }],
	media: [{ media_id: 'm1', kind: 'image', mime: 'image/png', path: 'media/m1-a.png' }]
});

const message = (over: Partial<ExportMessage> = {}): ExportMessage => ({
	message_id: 'srv-1',
	chat_id: 'c1',
	role: 'user',
	text: 'Hello **there**',
	ts: Date.UTC(2026, 11, 2, 10, 3, 4),
	status: 'complete',
	...over
});

describe('Markdown of a channel', () => {
	it('titles the channel, heads each message with sender and UTC time, keeps the text', () => {
		const md = channelMarkdown(
			{ chat_id: 'c1', name: 'Ops' },
			[
				message(),
				message({
					message_id: 'srv-2',
					role: 'assistant',
					text: 'Answer',
					reasoning: 'Because',
					media: [
						{ media_id: 'm1', kind: 'image', filename: 'a.png' },
						{ media_id: 'm2', kind: 'document', filename: 'b.pdf' }
					]
				})
			],
			(id) => (id === 'm1' ? 'media/m1-a.png' : undefined),
			labels
		);
		expect(md).toBe(
			'# Ops\n\n' +
				'### You · 2026-12-02 10:03:04 UTC\n\nHello **there**\n\n---\n\n' +
				'### Hermes · 2026-12-02 10:03:04 UTC\n\n' +
				'<details><summary>Reasoning</summary>\n\nBecause\n\n</details>\n\n' +
				'Answer\n\n![a.png](media/m1-a.png)\n\nb.pdf (not included)\n\n---\n\n'
		);
	});

	it('names a thread under its channel', () => {
		const md = channelMarkdown({ chat_id: 't1', name: 'Sub' }, [], () => undefined, labels, {
			chat_id: 'c1',
			name: 'Ops'
		});
		expect(md).toBe('# Ops › Sub\n\n');
		expect(utcTime(0)).toBe('1970-01-01 00:00:00 UTC');
	});
});

describe('the export format', () => {
	it('accepts a version 1 manifest and its message files', () => {
		expect(validateManifest(manifest()).channels[0]!.name).toBe('Ops');
		const file = { chat_id: 'c1', path: 'messages/001.json', count: 1 };
		expect(
			validateMessagePage({ chat_id: 'c1', messages: [message()] }, file).messages
		).toHaveLength(1);
	});

	it('refuses another file, a newer version and mistyped fields with a clear message', () => {
		expect(() => validateManifest({ hello: 1 })).toThrow(/not an Iris history export/);
		expect(() => validateManifest({ ...manifest(), version: 2 })).toThrow(
			/version 2 is not supported/
		);
		expect(() => validateManifest({ ...manifest(), channels: [{ chat_id: 3 }] })).toThrow(
			HistoryFormatError
		);
		expect(() =>
			validateManifest({ ...manifest(), media: [{ media_id: 'x', kind: 'image', path: '../x' }] })
		).toThrow(/under media/);
		const file = { chat_id: 'c1', path: 'messages/001.json', count: 1 };
		expect(() =>
			validateMessagePage({ chat_id: 'c1', messages: [message({ role: 'bot' as never })] }, file)
		).toThrow(/messages\[0\]: "role" is not known/);
		expect(() =>
			validateMessagePage({ chat_id: 'c1', messages: [message({ chat_id: 'other' })] }, file)
		).toThrow(/not the file's channel/);
		expect(() =>
			validateMessagePage({ chat_id: 'c1', messages: [message({ message_id: 'local:abc' })] }, file)
		).toThrow(/not sent yet/);
	});
});

describe('zip', () => {
	it('writes text in pieces and bytes as they are; reads them back', async () => {
		const zip = new ZipWriter();
		const text = zip.text('a/notes.md');
		text.write('# Title\n');
		text.write('中文 body');
		text.end();
		zip.bytes('media/x.bin', new Uint8Array([0, 1, 2, 255]));
		const blob = await zip.finish();
		expect(blob.type).toBe('application/zip');
		const files = readZip(new Uint8Array(await blob.arrayBuffer()));
		expect(strFromU8(files['a/notes.md']!)).toBe('# Title\n中文 body');
		expect([...files['media/x.bin']!]).toEqual([0, 1, 2, 255]);
		expect(Object.keys(unzipSync(new Uint8Array(await blob.arrayBuffer())))).toHaveLength(2);
	});

	it('says a file that is not a zip is not one', () => {
		expect(() => readZip(new TextEncoder().encode('{"format":"iris-export"}'))).toThrow(
			/not a zip file/
		);
	});

	it('makes safe file names', () => {
		expect(safeName('My chat/../名前 1')).toBe('My-chat-..-1');
		expect(safeName('///', 'x')).toBe('x');
	});
});
