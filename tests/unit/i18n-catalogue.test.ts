import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { m } from '../../src/lib/i18n';
import { useCatalogue } from '../../src/lib/i18n/catalogues';
import { matchLocale } from '../../src/lib/i18n/locale.svelte';
import * as zhCN from '../../src/lib/i18n/paraglide/messages/zh-CN.js';

type Catalogue = Record<string, unknown>;

function catalogue(locale: string): Catalogue {
	const all = JSON.parse(
		readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8')
	) as Catalogue;
	delete all.$schema;
	return all;
}

/** Every text a message can show: the string, or each variant's text of a plural/select. */
function texts(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (!Array.isArray(value)) throw new Error(`unexpected message shape ${JSON.stringify(value)}`);
	return value.flatMap((variant: { match?: Record<string, string> }) =>
		Object.values(variant.match ?? {})
	);
}

/** The `{placeholder}` names a text uses, sorted and without repeats. */
function placeholders(text: string): string[] {
	return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''))].sort();
}

const en = catalogue('en');
const zh = catalogue('zh-CN');

describe('the message catalogues', () => {
	it('English and Simplified Chinese have exactly the same keys', () => {
		expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
	});

	it('every text of a message uses the same placeholders in both languages', () => {
		for (const key of Object.keys(en)) {
			const expected = placeholders(texts(en[key]).join(' '));
			for (const text of [...texts(en[key]), ...texts(zh[key])])
				expect(placeholders(text), `${key}: ${text}`).toEqual(expected);
		}
	});

	it('no Chinese message is empty or left in English', () => {
		for (const key of Object.keys(zh))
			for (const text of texts(zh[key])) {
				expect(text.trim(), key).not.toBe('');
				// Latin words left outside placeholders: only product and protocol names, and key names, may stay.
				const words = text
					.replace(/\{\w+\}/g, '')
					.match(/[A-Za-z]{3,}/g)
					?.filter(
						(w) => !['Iris', 'Hermes', 'Agent', 'ntfy', 'WebSocket', 'Web', 'Push'].includes(w)
					)
					.filter(
						(w) =>
							![
								'JSON',
								'Markdown',
								'token',
								'wss',
								'http',
								'https',
								'Esc',
								'Enter',
								'Ctrl'
							].includes(w)
					);
				expect(words ?? [], `${key}: ${text}`).toEqual([]);
			}
	});
});

describe('compiled messages', () => {
	it('render English by default and Chinese once that catalogue is in use', () => {
		expect(m.composer_send()).toBe('Send');
		expect(m.search_count({ count: 1 })).toBe('1 result');
		expect(m.search_count({ count: 2 })).toBe('2 results');
		useCatalogue('zh-CN', zhCN);
		expect(m.composer_send({}, { locale: 'zh-CN' })).toBe('发送');
		expect(m.search_count({ count: 2 }, { locale: 'zh-CN' })).toBe('2 条结果');
		// "Under" in the language's own words, not a "<" before a number.
		expect(m.message_first_text_under({ seconds: '0.1' }, { locale: 'zh-CN' })).toBe(
			'不到 0.1 秒开始回答'
		);
		expect(m.composer_send({}, { locale: 'en' })).toBe('Send');
	});
});

describe('matchLocale: the first language of the browser that we speak', () => {
	it('follows navigator.languages in order', () => {
		expect(matchLocale(['zh-CN', 'en-US'])).toBe('zh-CN');
		expect(matchLocale(['en-GB', 'zh-CN'])).toBe('en');
		expect(matchLocale(['fr-FR', 'zh-TW', 'en'])).toBe('zh-CN');
		expect(matchLocale(['de', 'fr'])).toBe('en');
		expect(matchLocale([])).toBe('en');
	});
});
