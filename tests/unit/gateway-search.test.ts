/**
 * The demo gateway's message search over the Iris protocol: all channels or one, a deleted
 * channel forgotten, and snippets cut around the match.
 */
import { describe, expect, it } from 'vitest';
import type { ServerFrameOf } from '../../src/lib/protocol/iris';
import { snippet } from '../../src/lib/search/snippet';
import { sendAndFinish, useGateway } from './gateway-suite';

const suite = useGateway();
const pair = (device?: string) => suite.pair(device);

describe('search', () => {
	it('finds messages by substring, in all channels or the envelope channel', async () => {
		const [a] = await pair();
		await sendAndFinish(a, 'the purple giraffe');
		const other = (await a.request('channel.create', {
			name: 'O'
		})) as ServerFrameOf<'channel.created'>;
		const chat_id = other.payload.chat_id;
		const sent = await a.request('message.send', { text: 'another PURPLE thing' }, { chat_id });
		await a.waitFor((f) => f.type === 'agent.idle' && f.chat_id === chat_id, a.indexOf(sent));

		const all = (await a.request('search', {
			query: 'purple',
			scope: 'all'
		})) as ServerFrameOf<'search.results'>;
		const users = all.payload.hits.filter((h) => h.role === 'user');
		expect(users.map((h) => h.chat_id)).toEqual([chat_id, 'default']);
		expect(users[0]?.snippet).toBe('another PURPLE thing');

		const scoped = (await a.request(
			'search',
			{ query: 'purple', scope: 'chat' },
			{ chat_id }
		)) as ServerFrameOf<'search.results'>;
		expect(new Set(scoped.payload.hits.map((h) => h.chat_id))).toEqual(new Set([chat_id]));
		expect(scoped.payload).toMatchObject({ query: 'purple', scope: 'chat' });
	});

	it("forgets a deleted channel's messages: search no longer finds them", async () => {
		const [a] = await pair();
		await sendAndFinish(a, 'a lilac heron at home');
		const other = (await a.request('channel.create', {
			name: 'Gone'
		})) as ServerFrameOf<'channel.created'>;
		const chat_id = other.payload.chat_id;
		const sent = await a.request('message.send', { text: 'a LILAC heron away' }, { chat_id });
		await a.waitFor((f) => f.type === 'agent.idle' && f.chat_id === chat_id, a.indexOf(sent));
		const hitChats = async () =>
			new Set(
				(
					(await a.request('search', {
						query: 'lilac heron',
						scope: 'all'
					})) as ServerFrameOf<'search.results'>
				).payload.hits.map((h) => h.chat_id)
			);
		expect(await hitChats()).toEqual(new Set(['default', chat_id]));
		await a.request('channel.delete', {}, { chat_id });
		expect(await hitChats()).toEqual(new Set(['default']));
	});

	it('cuts long snippets around the match', () => {
		const text = `${'a'.repeat(100)}NEEDLE${'b'.repeat(100)}`;
		const s = snippet(text, 100, 6);
		expect(s).toBe(`…${'a'.repeat(40)}NEEDLE${'b'.repeat(40)}…`);
	});
});
