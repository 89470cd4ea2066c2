import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../gateway/config';
import type { RecordedFrame } from '../../gateway/recorder';
import { TestClient, startTestGateway } from './gateway-helpers';
import type { ServerFrame, ServerFrameOf } from '../../src/lib/protocol/iris';
import { complete } from '../../gateway/features/commands';
import { snippet } from '../../src/lib/search/snippet';
import { makePng } from '../../gateway/media/samples';
import { sendAndFinish, useGateway } from './gateway-suite';

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

describe('commands', () => {
	it('lists Hermes commands and one /demo entry per scenario', async () => {
		const [a] = await pair();
		const catalog = (await a.request('commands.catalog', {})) as ServerFrameOf<'commands.catalog'>;
		const names = catalog.payload.commands.map((c) => c.name);
		expect(names).toEqual(
			expect.arrayContaining(['/new', '/model', '/stop', '/help', '/demo cron'])
		);
		expect(catalog.payload.commands.find((c) => c.name === '/demo history')?.category).toBe('demo');
		// Each demo says what it will do, not just its name (a person picks from these).
		const demos = catalog.payload.commands.filter((c) => c.category === 'demo');
		expect(demos.length).toBeGreaterThan(10);
		expect(demos.filter((c) => !c.description || c.description.startsWith('Demo:'))).toEqual([]);
		expect(demos.find((c) => c.name === '/demo slow')?.description).toMatch(/Stop and Steer/);
	});

	it('completes a prefix, with or without the slash', async () => {
		const [a] = await pair();
		const answer = (await a.request('commands.complete', {
			prefix: '/MO'
		})) as ServerFrameOf<'commands.complete'>;
		expect(answer.payload.matches.map((m) => m.name)).toEqual(['/model']);
		expect(complete('st').map((m) => m.name)).toEqual(['/stop', '/status', '/steer']);
		expect(complete('/zzz')).toEqual([]);
	});
});

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

describe('demo scenarios', () => {
	it('/demo history seeds older messages served by history pages', async () => {
		const [a] = await pair();
		// The scenario runs right after the ack, before the next frame is read.
		const ack = (await a.request('message.send', {
			text: '/demo history 30'
		})) as ServerFrameOf<'message'>;
		const page = (await a.request('history', {
			before_message_id: ack.payload.message_id,
			limit: 20
		})) as ServerFrameOf<'history'>;
		expect(page.payload.messages).toHaveLength(20);
		expect(page.payload.has_more).toBe(true);
		expect(page.payload.messages.at(-1)?.text).toBe('Old message 30 of 30');
		const rest = (await a.request('history', {
			before_message_id: page.payload.oldest_message_id,
			limit: 20
		})) as ServerFrameOf<'history'>;
		expect(rest.payload.messages).toHaveLength(10);
		expect(rest.payload.has_more).toBe(false);
	});

	it('/demo cron sends a cron notification and a cron message', async () => {
		const [a] = await pair();
		const sent = await a.request('message.send', { text: '/demo cron' });
		const from = a.indexOf(sent);
		expect(await a.waitFor((f) => f.type === 'notification', from)).toMatchObject({
			chat_id: 'default',
			payload: { kind: 'cron' }
		});
		expect(await a.waitFor((f) => f.type === 'message' && f.id === undefined, from)).toMatchObject({
			payload: { role: 'cron' }
		});
	});

	it('/demo notify <kind> and /demo status', async () => {
		const [a] = await pair();
		const sent = await a.request('message.send', { text: '/demo notify approval Needs you' });
		expect(await a.waitFor((f) => f.type === 'notification', a.indexOf(sent))).toMatchObject({
			payload: { kind: 'approval', title: 'Needs you' }
		});
		const status = await a.request('message.send', { text: '/demo status' });
		const from = a.indexOf(status);
		await a.waitFor((f) => f.type === 'status' && f.payload.state === 'restarting', from);
		await a.waitFor((f) => f.type === 'status' && f.payload.state === 'online', from);
	});

	it('/demo channel and /demo rename', async () => {
		const [a] = await pair();
		const sent = await a.request('message.send', { text: '/demo channel Ideas' });
		const created = (await a.waitFor(
			(f) => f.type === 'channel.created',
			a.indexOf(sent)
		)) as ServerFrameOf<'channel.created'>;
		expect(created.payload.name).toBe('Ideas');
		const chat_id = created.payload.chat_id;
		const renamed = await a.request('message.send', { text: '/demo rename Plans' }, { chat_id });
		expect(await a.waitFor((f) => f.type === 'channel.renamed', a.indexOf(renamed))).toMatchObject({
			payload: { chat_id, name: 'Plans' }
		});
	});
});

describe('frame recording (IRIS_RECORD_FRAMES)', () => {
	it('reads the file from the environment, relative to cwd', () => {
		const config = readConfig({ IRIS_RECORD_FRAMES: 'out/frames.jsonl' }, '/repo', '/cwd');
		expect(config.ok && config.options.recordFrames).toBe('/cwd/out/frames.jsonl');
		const none = readConfig({}, '/repo', '/cwd');
		expect(none.ok && 'recordFrames' in none.options).toBe(false);
	});

	/**
	 * Run `talk` against a gateway recording to a temporary file; resolves to the recording as
	 * `dir:type` lines, in order (each line's text must be one JSON frame).
	 */
	async function recorded(talk: (client: TestClient) => Promise<void>): Promise<string[]> {
		const dir = await mkdtemp(path.join(tmpdir(), 'iris-record-'));
		const file = path.join(dir, 'frames.jsonl');
		const t = await startTestGateway({ recordFrames: file });
		try {
			const [client] = await TestClient.paired(t.gw.wsUrl);
			await talk(client);
			await client.close();
			return (await readFile(file, 'utf8'))
				.trim()
				.split('\n')
				.map((l) => JSON.parse(l) as RecordedFrame)
				.map((l) => `${l.dir}:${(JSON.parse(l.text) as { type: string }).type}`);
		} finally {
			await t.stop();
			await rm(dir, { recursive: true, force: true });
		}
	}

	it('appends every text frame in and out, in order, as JSON lines', async () => {
		const summary = await recorded(async (client) => {
			await client.request('commands.complete', { prefix: '/ne' });
		});
		expect(summary).toEqual([
			'in:hello',
			'out:hello.ack',
			'out:status',
			'in:commands.complete',
			'out:commands.complete'
		]);
	});

	it('leaves binary frames (media bytes, both ways) out: the file holds only text frames', async () => {
		const summary = await recorded(async (client) => {
			const png = makePng(8, 8);
			const start = { media_ref: 'ref-1', kind: 'image', mime: 'image/png', size: png.length };
			// media.upload.start has no answer of its own: media.upload.end's media.offer is it.
			client.sendRaw(JSON.stringify({ v: 1, type: 'media.upload.start', id: 2, payload: start }));
			client.sendRaw(png);
			const sha256 = createHash('sha256').update(png).digest('hex');
			await client.request('media.upload.end', { media_ref: 'ref-1', sha256 });
			const pulled = await client.request('media.pull', { media_id: 'ref-1' });
			expect(pulled).toMatchObject({ type: 'media.pull.end', payload: { ok: true } });
			// The pull's bytes reach TestClient as undecodable text.
			expect(client.invalid.length).toBeGreaterThan(0);
			client.invalid.length = 0;
		});
		expect(summary).toEqual([
			'in:hello',
			'out:hello.ack',
			'out:status',
			'in:media.upload.start',
			'in:media.upload.end',
			'out:media.offer',
			'in:media.pull',
			'out:media.pull.end'
		]);
	});
});
