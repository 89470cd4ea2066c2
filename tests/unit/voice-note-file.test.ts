import { describe, expect, it } from 'vitest';
import { voiceNoteFile } from '../../src/lib/components/media/voice-note-file';

describe('voiceNoteFile', () => {
	it('is named by its UTC time and typed without the codec parameters', () => {
		const file = voiceNoteFile(
			[new Blob(['x'])],
			'audio/ogg;codecs=opus',
			Date.UTC(2026, 11, 1, 19, 48, 15)
		);
		expect(file.name).toBe('voice-note-2026-12-01-19-48-15.ogg');
		expect(file.type).toBe('audio/ogg');
		expect(voiceNoteFile([], '', 0).type).toBe('audio/webm');
	});
});
