import { describe, expect, it } from 'vitest';
import {
	hasHiddenCharacters,
	nameSegments,
	safeFileName,
	visibleName
} from '../../src/lib/protocol/visible-text';

describe('visibleName: hidden characters in names are shown as escapes', () => {
	it('a zero-width space makes a look-alike name visibly different', () => {
		expect(visibleName('General\u200B')).toBe('General⟨U+200B⟩');
		expect(visibleName('General')).toBe('General');
		expect(visibleName('Gen\u200Beral')).not.toBe(visibleName('General'));
	});

	it('bidi controls are shown, so an override cannot reorder a file name', () => {
		expect(visibleName('invoice\u202Efdp.exe')).toBe('invoice⟨U+202E⟩fdp.exe');
		for (const cp of [
			0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x2066, 0x2067, 0x2068, 0x2069
		]) {
			expect(visibleName(`a${String.fromCodePoint(cp)}b`), cp.toString(16)).toMatch(
				/^a⟨U\+[0-9A-F]{4}⟩b$/
			);
		}
	});

	it('other invisible or blank-looking characters and controls are shown', () => {
		const hidden = [
			0x00ad, 0x034f, 0x115f, 0x180e, 0x2060, 0x2061, 0x2800, 0x3164, 0xfeff, 0xffa0, 0x0000,
			0x0009, 0x000a, 0x007f, 0x0085, 0x2028, 0xe0001
		];
		for (const cp of hidden) {
			expect(hasHiddenCharacters(`x${String.fromCodePoint(cp)}y`), cp.toString(16)).toBe(true);
		}
		expect(visibleName('a\u{E0041}b')).toBe('a⟨U+E0041⟩b');
	});

	it('leaves ordinary names alone: accents, RTL and CJK text, spaces, emoji sequences', () => {
		for (const name of [
			'Général',
			'שלום עולם',
			'مرحبا',
			'日本語のチャンネル',
			'Ops & infra (EU)',
			'👩‍💻 dev', // ZWJ between emoji
			'👩🏽‍💻',
			'❤️ love', // VS16 after a non-ASCII emoji
			'❤️‍🔥',
			'1️⃣ first', // keycap
			'🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland', // emoji tag sequence
			'می\u200Cخواهم', // ZWNJ inside a Persian word
			'क्\u200Dष' // ZWJ in Devanagari
		]) {
			expect(visibleName(name), name).toBe(name);
			expect(hasHiddenCharacters(name), name).toBe(false);
		}
	});

	it('joiners and variation selectors out of place are shown', () => {
		expect(visibleName('a\u200Db')).toBe('a⟨U+200D⟩b');
		expect(visibleName('\u200Cname')).toBe('⟨U+200C⟩name');
		expect(visibleName('name\u200D')).toBe('name⟨U+200D⟩');
		expect(visibleName('a\uFE0F')).toBe('a⟨U+FE0F⟩');
		expect(visibleName('\uFE0Fa')).toBe('⟨U+FE0F⟩a');
	});

	it('nameSegments marks each escape with its code point', () => {
		expect(nameSegments('a\u202Eb')).toEqual([
			{ text: 'a' },
			{ text: '⟨U+202E⟩', hidden: 0x202e },
			{ text: 'b' }
		]);
		expect(nameSegments('')).toEqual([]);
	});
});

describe('safeFileName: what a download is saved as', () => {
	it('drops hidden characters and path separators', () => {
		expect(safeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
		expect(safeFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
		expect(safeFileName('report.pdf')).toBe('report.pdf');
	});

	it('falls back when nothing is left', () => {
		expect(safeFileName('\u200B\u202E')).toBe('download');
		expect(safeFileName('..', 'file')).toBe('file');
	});
});
