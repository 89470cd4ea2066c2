import { describe, expect, it } from 'vitest';
import { bigrams, fold, tokens } from '../../src/lib/search/tokenize';
import { parseQuery } from '../../src/lib/search/query';
import { hashText, InvertedIndex } from '../../src/lib/search/inverted-index';
import { snippetFor } from '../../src/lib/search/snippet';

function indexOf(docs: { id: string; text: string; chat?: string; role?: string; ts: number }[]) {
	const index = new InvertedIndex();
	for (const d of docs) {
		index.add(
			{
				message_id: d.id,
				chat_id: d.chat ?? 'a',
				role: d.role ?? 'user',
				ts: d.ts,
				hash: hashText(d.text)
			},
			tokens(d.text)
		);
	}
	return index;
}
const ids = (index: InvertedIndex, query: string, filters = {}) =>
	index.search(parseQuery(query).clauses, filters).docs.map((d) => d.message_id);

describe('tokenize', () => {
	it('folds case, diacritics and width', () => {
		expect(fold('Café ÉCOLE Ｚebra')).toBe('cafe ecole zebra');
		expect(tokens('Crème brûlée, crème!')).toEqual(['creme', 'brulee']);
	});
	it('indexes CJK runs as bigrams and keeps words apart', () => {
		expect(bigrams('数据库')).toEqual(['数据', '据库']);
		expect(tokens('使用数据库 SQL')).toEqual(['使用', '用数', '数据', '据库', '库', 'sql']);
		expect(tokens('猫')).toEqual(['猫']);
		// A run's last character is a token too (also beyond the BMP: 𠮷 is one character).
		expect(tokens('我在中')).toEqual(['我在', '在中', '中']);
		expect(tokens('野𠮷')).toEqual(['野𠮷', '𠮷']);
	});
});

describe('parseQuery', () => {
	it('ANDs words, the last one a prefix while typing', () => {
		expect(parseQuery('zebra cro').clauses).toEqual([
			{ token: 'zebra', prefix: false },
			{ token: 'cro', prefix: true }
		]);
		expect(parseQuery('zebra cro ').clauses.at(-1)).toEqual({ token: 'cro', prefix: false });
	});
	it('turns a phrase into exact words plus a check, and a CJK run into bigrams plus a check', () => {
		const q = parseQuery('"red Fox" 数据库');
		expect(q.clauses.map((c) => c.token)).toEqual(['red', 'fox', '数据', '据库']);
		expect(q.checks).toEqual([' red fox ', '数据库']);
		expect(parseQuery('  "" !! ').clauses).toEqual([]);
	});
});

describe('InvertedIndex', () => {
	const index = indexOf([
		{ id: 'm1', text: 'The zebra crossing', ts: 1 },
		{ id: 'm2', text: 'A zebra at the zoo', ts: 3, chat: 'b', role: 'assistant' },
		{ id: 'm3', text: '我们使用数据库', ts: 2, chat: 'b' },
		{ id: 'm4', text: 'Zoology lecture', ts: 4 }
	]);
	it('finds by word, AND, prefix and CJK, newest first', () => {
		expect(ids(index, 'zebra ')).toEqual(['m2', 'm1']);
		expect(ids(index, 'zebra zoo ')).toEqual(['m2']);
		expect(ids(index, 'zo')).toEqual(['m4', 'm2']);
		expect(ids(index, '数据库')).toEqual(['m3']);
		// One character: at the start, inside, and at the end of a run.
		expect(ids(index, '我')).toEqual(['m3']);
		expect(ids(index, '据')).toEqual(['m3']);
		expect(ids(index, '库')).toEqual(['m3']);
		expect(ids(index, 'giraffe')).toEqual([]);
		expect(index.search(parseQuery('z').clauses, {}, 1)).toMatchObject({
			docs: [{ message_id: 'm4' }],
			total: 3
		});
	});
	it('filters by channel, role and date range', () => {
		expect(ids(index, 'zebra ', { chat_ids: ['a'] })).toEqual(['m1']);
		expect(ids(index, 'zebra ', { roles: ['assistant'] })).toEqual(['m2']);
		expect(ids(index, 'z', { from: 2, to: 3 })).toEqual(['m2']);
	});
	it('re-adding replaces, removing and dropping a channel forget', () => {
		const i2 = indexOf([
			{ id: 'x', text: 'alpha', ts: 1 },
			{ id: 'y', text: 'alpha beta', ts: 2, chat: 'c' }
		]);
		expect(
			i2.add({ message_id: 'x', chat_id: 'a', role: 'user', ts: 1, hash: hashText('alpha') }, [
				'alpha'
			])
		).toBe(false);
		i2.add({ message_id: 'x', chat_id: 'a', role: 'user', ts: 1, hash: hashText('gamma') }, [
			'gamma'
		]);
		expect(ids(i2, 'alpha ')).toEqual(['y']);
		expect(ids(i2, 'gamma ')).toEqual(['x']);
		expect(i2.removeChannel('c')).toEqual(['y']);
		expect(ids(i2, 'alpha ')).toEqual([]);
		i2.remove('x');
		expect(i2.stats().docs).toBe(0);
	});
});

describe('snippetFor', () => {
	it('cuts around the first matching term', () => {
		const text = `${'x'.repeat(100)} needle ${'y'.repeat(100)}`;
		const s = snippetFor(text, ['Needle']);
		expect(s.startsWith('…')).toBe(true);
		expect(s).toContain('needle');
		expect(s.length).toBeLessThan(100);
	});
});
