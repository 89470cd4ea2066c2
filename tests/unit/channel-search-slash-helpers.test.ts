import { describe, expect, it } from 'vitest';
import { channelTree } from '../../src/lib/state/channel-tree';
import { highlight, readableSnippet } from '../../src/lib/state/highlight';
import { mergeMatches } from '../../src/lib/state/slash-match';
import { slashPrefix } from '../../src/lib/state/slash.svelte';
import type { ChannelRow } from '../../src/lib/db/schema';

const row = (chat_id: string, extra: Partial<ChannelRow> = {}): ChannelRow => ({
	chat_id,
	name: chat_id,
	position: 0,
	...extra
});

describe('channelTree', () => {
	it('puts threads right under their parent; orphans stay top-level', () => {
		const tree = channelTree([
			row('a'),
			row('t-b', { kind: 'thread', parent_chat_id: 'b' }),
			row('b'),
			row('t-a', { kind: 'thread', parent_chat_id: 'a' }),
			row('orphan', { kind: 'thread', parent_chat_id: 'gone' })
		]);
		expect(tree.map((e) => [e.channel.chat_id, e.depth])).toEqual([
			['a', 0],
			['t-a', 1],
			['b', 0],
			['t-b', 1],
			['orphan', 0]
		]);
	});
});

describe('highlight', () => {
	it('marks every word of the query, case-insensitively, as text', () => {
		expect(highlight('The <b>Zebra</b> and zebra', 'zebra')).toEqual([
			{ text: 'The <b>', match: false },
			{ text: 'Zebra', match: true },
			{ text: '</b> and ', match: false },
			{ text: 'zebra', match: true }
		]);
		expect(highlight('a.b', '.')).toEqual([
			{ text: 'a', match: false },
			{ text: '.', match: true },
			{ text: 'b', match: false }
		]);
		expect(highlight('text', '  ')).toEqual([{ text: 'text', match: false }]);
	});
});

describe('readableSnippet', () => {
	it('shows a markdown snippet as its reader sees it, on one line', () => {
		expect(
			readableSnippet(
				'…the **deploy** `npm run build` failed, see [the log](https://ci.example/1)\n\n## Next'
			)
		).toBe('…the deploy npm run build failed, see the log Next');
		expect(readableSnippet('- first item\n- second _item_')).toBe('first item second item');
		expect(readableSnippet('plain text stays')).toBe('plain text stays');
		// Raw HTML shows as the text it is, as in the chat.
		expect(readableSnippet('Cron **<b>x</b>**: exit <none>')).toBe('Cron <b>x</b>: exit <none>');
	});

	it('drops the half of an emphasis or code pair that a snippet cut off', () => {
		expect(readableSnippet('…: with an example. This is the **demo g…')).toBe(
			'…: with an example. This is the demo g…'
		);
		expect(readableSnippet('…the `npm run b…')).toBe('…the npm run b…');
		expect(readableSnippet('2 * 3 stays')).toBe('2 * 3 stays');
	});
});

describe('slash completion helpers', () => {
	it('only a single line starting with / is a prefix', () => {
		expect(slashPrefix('/Mo')).toBe('/mo');
		expect(slashPrefix('hello /mo')).toBeNull();
		expect(slashPrefix('/mo\nmore')).toBeNull();
	});

	it('merges local and remote matches, first one wins', () => {
		expect(
			mergeMatches(
				[{ name: '/model', description: 'local', category: 'x' } as never],
				[{ name: '/model', description: 'remote' }, { name: '/mode' }]
			)
		).toEqual([{ name: '/model', description: 'local' }, { name: '/mode' }]);
	});
});
