/**
 * The demo gateway's channels over the Iris protocol: status after the handshake, channels and
 * threads created, renamed, made default and deleted for every device, and read receipts relayed
 * to the other devices.
 */
import { describe, expect, it } from 'vitest';
import type { ServerFrame, ServerFrameOf } from '../../src/lib/protocol/iris';
import { useGateway } from './gateway-suite';

const suite = useGateway();
const pair = (device?: string) => suite.pair(device);
const deletedIds = (frames: ServerFrame[]): string[] =>
	frames.flatMap((f) => (f.type === 'channel.deleted' ? [f.payload.chat_id] : []));

describe('connection status', () => {
	it('sends status online right after hello.ack', async () => {
		const [a] = await pair();
		const status = await a.waitFor((f) => f.type === 'status');
		expect(a.types().slice(0, 2)).toEqual(['hello.ack', 'status']);
		expect(status).toEqual({ v: 1, type: 'status', payload: { state: 'online' } });
	});
});

describe('channels', () => {
	it('creates a channel: ack to the creator, event + list + notification to the other device', async () => {
		const [a] = await pair('a');
		const [b] = await pair('b');
		const from = b.frames.length;
		const ack = (await a.request('channel.create', {
			name: ' Work ',
			kind: 'channel'
		})) as ServerFrameOf<'channel.created'>;
		expect(ack).toMatchObject({
			type: 'channel.created',
			id: 2,
			payload: { name: 'Work', kind: 'channel', is_default: false, parent_chat_id: null }
		});
		const chat_id = ack.payload.chat_id;
		expect(await b.waitFor((f) => f.type === 'channel.created', from)).toMatchObject({
			payload: { chat_id, name: 'Work' }
		});
		expect(b.frames.slice(from).find((f) => f.type === 'channel.created')?.id).toBeUndefined();
		const list = (await b.waitFor(
			(f) => f.type === 'channel.list',
			from
		)) as ServerFrameOf<'channel.list'>;
		expect(list.payload.channels.map((c) => c.chat_id)).toEqual(['default', chat_id]);
		expect(await b.waitFor((f) => f.type === 'notification', from)).toMatchObject({
			chat_id,
			payload: { kind: 'channel_created', title: 'New channel: Work' }
		});
	});

	it('creates a thread under its parent, and refuses one without a parent', async () => {
		const [a] = await pair();
		const parent = (await a.request('channel.create', {
			name: 'P'
		})) as ServerFrameOf<'channel.created'>;
		const thread = await a.request('channel.create', {
			name: 'T',
			kind: 'thread',
			parent_chat_id: parent.payload.chat_id
		});
		expect(thread).toMatchObject({
			type: 'channel.created',
			payload: { kind: 'thread', parent_chat_id: parent.payload.chat_id }
		});
		expect(
			await a.request('channel.create', { name: 'X', kind: 'thread', parent_chat_id: 'nope' })
		).toMatchObject({ type: 'error', payload: { code: 'not_found' } });
	});

	it('renames, sets the default and deletes by the envelope scope', async () => {
		const [a] = await pair('a');
		const [b] = await pair('b');
		const created = (await a.request('channel.create', {
			name: 'Old'
		})) as ServerFrameOf<'channel.created'>;
		const chat_id = created.payload.chat_id;
		const thread = (await a.request('channel.create', {
			name: 'Sub',
			kind: 'thread',
			parent_chat_id: chat_id
		})) as ServerFrameOf<'channel.created'>;

		const from = b.frames.length;
		expect(await a.request('channel.rename', { name: 'New' }, { chat_id })).toMatchObject({
			type: 'channel.renamed',
			chat_id,
			payload: { chat_id, name: 'New' }
		});
		expect(await b.waitFor((f) => f.type === 'channel.renamed', from)).toMatchObject({
			payload: { chat_id, name: 'New' }
		});
		expect(
			await b.waitFor(
				(f) => f.type === 'notification' && f.payload.kind === 'channel_renamed',
				from
			)
		).toMatchObject({ chat_id, payload: { title: 'Channel renamed to New' } });

		// No chat_id on the envelope: the default channel is renamed.
		expect(await a.request('channel.rename', { name: 'Main' })).toMatchObject({
			payload: { chat_id: 'default', name: 'Main' }
		});

		const list = (await a.request(
			'channel.set_default',
			{},
			{ chat_id }
		)) as ServerFrameOf<'channel.list'>;
		expect(list.type).toBe('channel.list');
		expect(list.payload.channels.filter((c) => c.is_default).map((c) => c.chat_id)).toEqual([
			chat_id
		]);
		expect(await a.request('channel.delete', {}, { chat_id })).toMatchObject({
			type: 'error',
			payload: { code: 'unsupported' }
		});

		await a.request('channel.set_default', {}, { chat_id: 'default' });
		const fromDelete = b.frames.length;
		expect(await a.request('channel.delete', {}, { chat_id })).toMatchObject({
			type: 'channel.deleted',
			payload: { chat_id }
		});
		// The thread goes with its parent, and goes first.
		await b.waitFor(
			(f) => f.type === 'channel.deleted' && f.payload.chat_id === chat_id,
			fromDelete
		);
		const deleted = deletedIds(b.frames.slice(fromDelete));
		expect(deleted).toEqual([thread.payload.chat_id, chat_id]);
		expect(await a.request('channel.rename', { name: 'x' }, { chat_id })).toMatchObject({
			type: 'error',
			payload: { code: 'not_found' }
		});
	});
});

describe('read receipts', () => {
	it('relays a receipt to the other devices only, and replays it on sync', async () => {
		const [a, ackA] = await pair('a');
		const [b] = await pair('b');
		const cursor = (ackA as ServerFrameOf<'hello.ack'>).payload.sync_cursor ?? 0;
		const fromA = a.frames.length;
		a.sendRaw(
			JSON.stringify({
				v: 1,
				type: 'read.receipt',
				payload: { chat_id: 'default', message_id: 'm1' }
			})
		);
		expect(await b.waitFor((f) => f.type === 'read.receipt')).toEqual({
			v: 1,
			type: 'read.receipt',
			chat_id: 'default',
			payload: { chat_id: 'default', message_id: 'm1' }
		});
		const [c] = await pair('c');
		await c.request('sync', { cursor });
		expect(c.types()).toContain('read.receipt');
		expect(a.frames.slice(fromA).some((f) => f.type === 'read.receipt')).toBe(false);
	});
});
