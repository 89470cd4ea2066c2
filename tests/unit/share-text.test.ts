import { describe, expect, it } from 'vitest';
import { sharedText } from '../../src/lib/db/share-inbox';

describe('the composer text a share brings', () => {
	it('is the title, the text under it, then the link on its own line', () => {
		expect(
			sharedText({ title: 'Big news', text: 'Look at this', url: 'https://example.com/a' })
		).toBe('Big news\n\nLook at this\nhttps://example.com/a');
	});

	it('does not repeat a link the text already contains (Android puts it in the text)', () => {
		const text = 'Release notes https://example.com/notes';
		expect(sharedText({ title: '', text, url: 'https://example.com/notes' })).toBe(text);
	});

	it('leaves out a title the text already says, or one that is only the link', () => {
		expect(sharedText({ title: 'Words', text: 'Words, and more', url: '' })).toBe(
			'Words, and more'
		);
		expect(sharedText({ title: 'https://example.com', text: '', url: 'https://example.com' })).toBe(
			'https://example.com'
		);
		expect(sharedText({ title: 'A page', text: '', url: 'https://example.com' })).toBe(
			'A page\nhttps://example.com'
		);
	});

	it('is the link alone, or empty for files only', () => {
		expect(sharedText({ title: '', text: ' ', url: 'https://example.com' })).toBe(
			'https://example.com'
		);
		expect(sharedText({ title: '', text: '', url: '' })).toBe('');
	});
});
