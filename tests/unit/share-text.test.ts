import { describe, expect, it } from 'vitest';
import { sharedText } from '../../src/lib/db/share-inbox';

describe('the composer text a share brings', () => {
	it('is the text, with the link on its own line after it', () => {
		expect(sharedText({ title: 'Page', text: 'Look at this', url: 'https://example.com/a' })).toBe(
			'Look at this\nhttps://example.com/a'
		);
	});

	it('does not repeat a link the text already contains (Android puts it in the text)', () => {
		const text = 'Release notes https://example.com/notes';
		expect(sharedText({ title: 'Notes', text, url: 'https://example.com/notes' })).toBe(text);
	});

	it('uses the title only when there is no text', () => {
		expect(sharedText({ title: 'A page', text: '', url: 'https://example.com' })).toBe(
			'A page\nhttps://example.com'
		);
		expect(sharedText({ title: 'A page', text: 'Words', url: '' })).toBe('Words');
	});

	it('is the link alone, or empty for files only', () => {
		expect(sharedText({ title: '', text: ' ', url: 'https://example.com' })).toBe(
			'https://example.com'
		);
		expect(sharedText({ title: '', text: '', url: '' })).toBe('');
	});
});
