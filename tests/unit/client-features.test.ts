import { describe, expect, it, vi } from 'vitest';
import { setup } from './support/client-setup';
import type { WorkerEvent } from '../../src/lib/bridge/contract';
import { getMeta } from '../../src/lib/db/meta';

type Sent = { id?: number; type: string; chat_id?: string; payload: Record<string, unknown> };
const sentOf = (t: ReturnType<typeof setup>, type: string) =>
	(t.last().sent as Sent[]).filter((f) => f.type === type);

/** A complete assistant message in the default channel; `ts` epoch ms. */
const stored = (message_id: string, ts: number) => ({
	message_id,
	chat_id: 'default',
	role: 'assistant' as const,
	text: message_id,
	ts,
	status: 'complete' as const
});

async function ready(options: { replay?: boolean } = {}) {
	const t = setup();
	await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
	await t.handshake(options);
	return t;
}

describe('IrisClient channels, history, commands, search', () => {
	it('fetches the command catalog after hello.ack and caches it', async () => {
		const t = await ready();
		await vi.waitFor(() => expect(sentOf(t, 'commands.catalog')).toHaveLength(1));
		const { id } = sentOf(t, 'commands.catalog')[0]!;
		t.last().receive({
			v: 1,
			type: 'commands.catalog',
			id,
			payload: { commands: [{ name: '/new' }, { name: '/model', args_hint: '[m]' }] }
		});
		await vi.waitFor(async () =>
			expect((await t.db.commands.orderBy('position').toArray()).map((c) => c.name)).toEqual([
				'/new',
				'/model'
			])
		);
	});

	it('createChannel resolves with the chat_id once the channel is stored', async () => {
		const t = await ready();
		const created = t.client.commands.createChannel({
			name: 'Ops',
			kind: 'thread',
			parent_chat_id: 'default'
		});
		await vi.waitFor(() => expect(sentOf(t, 'channel.create')).toHaveLength(1));
		const request = sentOf(t, 'channel.create')[0]!;
		expect(request.payload).toEqual({ name: 'Ops', kind: 'thread', parent_chat_id: 'default' });
		t.last().receive({
			v: 1,
			type: 'channel.created',
			id: request.id,
			payload: { chat_id: 't1', name: 'Ops', kind: 'thread', parent_chat_id: 'default' }
		});
		await expect(created).resolves.toBe('t1');
		expect(await t.db.channels.get('t1')).toMatchObject({ name: 'Ops', parent_chat_id: 'default' });
	});

	it('rename, set_default and delete are scoped by the envelope chat_id; errors reject readably', async () => {
		const t = await ready();
		const renamed = t.client.commands.renameChannel('default', 'Main');
		await vi.waitFor(() => expect(sentOf(t, 'channel.rename')).toHaveLength(1));
		const rename = sentOf(t, 'channel.rename')[0]!;
		expect(rename).toMatchObject({ chat_id: 'default', payload: { name: 'Main' } });
		t.last().receive({
			v: 1,
			type: 'channel.renamed',
			id: rename.id,
			payload: { chat_id: 'default', name: 'Main' }
		});
		await renamed;
		expect((await t.db.channels.get('default'))?.name).toBe('Main');

		const deleted = t.client.commands.deleteChannel('default');
		await vi.waitFor(() => expect(sentOf(t, 'channel.delete')).toHaveLength(1));
		const del = sentOf(t, 'channel.delete')[0]!;
		expect(del).toMatchObject({ chat_id: 'default', payload: {} });
		t.last().receive({
			v: 1,
			type: 'error',
			id: del.id,
			payload: { code: 'unsupported', message: 'the default channel cannot be deleted' }
		});
		await expect(deleted).rejects.toThrow('the default channel cannot be deleted');
	});

	it('commands fail with "Not connected" when there is no link', async () => {
		const t = setup();
		await expect(t.client.commands.search({ query: 'x', scope: 'all' })).rejects.toThrow(
			/Not connected/
		);
	});

	it('loadHistory stores the page before resolving, with has_more', async () => {
		const t = await ready();
		const loaded = t.client.commands.loadHistory({ chat_id: 'default', before_message_id: 'm9' });
		await vi.waitFor(() => expect(sentOf(t, 'history')).toHaveLength(1));
		const request = sentOf(t, 'history')[0]!;
		expect(request).toMatchObject({
			chat_id: 'default',
			payload: { before_message_id: 'm9', limit: 50 }
		});
		t.last().receive({
			v: 1,
			type: 'history',
			id: request.id,
			chat_id: 'default',
			payload: {
				messages: [{ message_id: 'm1', role: 'user', text: 'old', ts: 1 }],
				has_more: true
			}
		});
		await expect(loaded).resolves.toEqual({ has_more: true, count: 1, oldest_message_id: 'm1' });
		expect(await t.db.messages.get('m1')).toMatchObject({ chat_id: 'default', text: 'old' });
	});

	it('search returns hits (scope chat carries the envelope chat_id); complete returns matches', async () => {
		const t = await ready();
		const hits = t.client.commands.search({ query: 'q', scope: 'chat', chat_id: 'c1' });
		await vi.waitFor(() => expect(sentOf(t, 'search')).toHaveLength(1));
		const search = sentOf(t, 'search')[0]!;
		expect(search).toMatchObject({ chat_id: 'c1', payload: { query: 'q', scope: 'chat' } });
		t.last().receive({
			v: 1,
			type: 'search.results',
			id: search.id,
			payload: { hits: [{ message_id: 'm1', snippet: 'a q b' }] }
		});
		await expect(hits).resolves.toEqual([{ message_id: 'm1', snippet: 'a q b', chat_id: 'c1' }]);

		const matches = t.client.commands.completeCommands('/mo');
		await vi.waitFor(() => expect(sentOf(t, 'commands.complete')).toHaveLength(1));
		const complete = sentOf(t, 'commands.complete')[0]!;
		t.last().receive({
			v: 1,
			type: 'commands.complete',
			id: complete.id,
			payload: { prefix: '/mo', matches: [{ name: '/model' }] }
		});
		await expect(matches).resolves.toEqual([{ name: '/model' }]);
	});
});

describe('read receipts', () => {
	it('markRead moves the read mark forward only and sends read.receipt without an id', async () => {
		const t = await ready();
		await t.db.messages.bulkPut([stored('m1', 10), stored('m2', 20)]);
		await t.client.commands.markRead('default', 'm2');
		await t.client.commands.markRead('default', 'm1');
		expect(sentOf(t, 'read.receipt')).toEqual([
			{
				v: 1,
				type: 'read.receipt',
				chat_id: 'default',
				payload: { chat_id: 'default', message_id: 'm2' }
			}
		]);
		await vi.waitFor(async () =>
			expect(await t.db.reads.get('default')).toEqual({
				chat_id: 'default',
				message_id: 'm2',
				ts: 20,
				pending: false
			})
		);
	});

	it('a receipt made offline is sent after the next hello.ack', async () => {
		const t = setup();
		await t.db.messages.put(stored('m1', 10));
		await t.client.commands.markRead('default', 'm1');
		expect((await t.db.reads.get('default'))?.pending).toBe(true);
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		await vi.waitFor(() => expect(sentOf(t, 'read.receipt')).toHaveLength(1));
	});

	it('an inbound read.receipt (another device) is applied', async () => {
		const t = await ready();
		await t.db.messages.put(stored('m1', 10));
		t.last().receive({
			v: 1,
			type: 'read.receipt',
			chat_id: 'default',
			payload: { chat_id: 'default', message_id: 'm1' }
		});
		await vi.waitFor(async () => expect((await t.db.reads.get('default'))?.message_id).toBe('m1'));
	});
});

describe('page events', () => {
	it('notification, status and an error without id become events', async () => {
		const t = await ready({ replay: true });
		const s = t.last();
		// A notification replayed by the reconnect's sync is old news (toast-filter.ts): these
		// arrive after it.
		await vi.waitFor(() => expect(sentOf(t, 'sync')).toHaveLength(1));
		const sync = sentOf(t, 'sync')[0]!;
		s.receive({ v: 1, type: 'notification', payload: { title: 'replayed' } });
		s.receive({ v: 1, type: 'sync.done', id: sync.id, payload: { cursor: 7 } });
		await vi.waitFor(async () => expect(await getMeta(t.db, 'cursor')).toBe(7));
		s.receive({ v: 1, type: 'notification', chat_id: 'c2', payload: { kind: 'cron', title: 'T' } });
		s.receive({ v: 1, type: 'notification', payload: { title: 'no scope' } });
		s.receive({ v: 1, type: 'status', payload: { state: 'restarting' } });
		s.receive({ v: 1, type: 'error', payload: { code: 'internal', message: 'boom' } });
		const events = t.events.filter((e) =>
			['notification', 'server_status', 'server_error'].includes(e.type)
		);
		expect(events).toEqual<WorkerEvent[]>([
			{ type: 'notification', notification: { chat_id: 'c2', kind: 'cron', title: 'T' } },
			{
				type: 'notification',
				notification: { chat_id: 'default', kind: 'generic', title: 'no scope' }
			},
			{ type: 'server_status', state: 'restarting' },
			{ type: 'server_error', code: 'internal', message: 'boom' }
		]);
	});
});
