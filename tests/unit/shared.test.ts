import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
	SharedConnection,
	type TabChannel,
	type TabLocks,
	type TabMessage
} from '../../src/lib/connection/shared';
import { IrisDB } from '../../src/lib/db/schema';
import type { GatewayConfig, WorkerEvent } from '../../src/lib/bridge/contract';
import { FakeClock } from './support/fake-clock';
import type { FakeSocket } from './support/fake-socket';
import { fakeClient } from './support/fake-client';
import { DEFAULT_EMIT_MS } from '../../src/lib/connection/stream';
import { withBenchControls } from '../../src/lib/bench/worker';

/** BroadcastChannel semantics: a post reaches every other channel of the bus, asynchronously. */
class Bus {
	readonly channels = new Set<FakeChannel>();
	channel(): FakeChannel {
		const c = new FakeChannel(this);
		this.channels.add(c);
		return c;
	}
}
class FakeChannel implements TabChannel {
	onmessage: ((ev: MessageEvent<TabMessage>) => void) | null = null;
	constructor(private readonly bus: Bus) {}
	postMessage(message: TabMessage): void {
		const data = structuredClone(message);
		for (const c of this.bus.channels) {
			if (c !== this) queueMicrotask(() => c.onmessage?.({ data } as MessageEvent<TabMessage>));
		}
	}
	close(): void {
		this.bus.channels.delete(this);
	}
}

/** Web Locks for one lock name: FIFO, released when the holder "closes its tab". */
class FakeLocks {
	#queue: { grant: () => void }[] = [];
	#held = false;
	for(): TabLocks & { release(): void } {
		let release = () => {};
		return {
			request: (_name, callback) =>
				new Promise((resolve) => {
					const grant = () => {
						this.#held = true;
						release = () => {
							this.#held = false;
							this.#next();
						};
						void callback().then(resolve, resolve);
					};
					this.#queue.push({ grant });
					this.#next();
				}),
			release: () => release()
		};
	}
	#next(): void {
		if (this.#held) return;
		this.#queue.shift()?.grant();
	}
}

const CONFIG: GatewayConfig = { url: 'ws://gw.test/ws', token: 't' };
let n = 0;
const dbs: IrisDB[] = [];
afterEach(async () => {
	for (const db of dbs.splice(0)) await db.delete();
});

function profile() {
	const name = `shared-test-${++n}`;
	const bus = new Bus();
	const locks = new FakeLocks();
	const sockets: FakeSocket[] = [];
	const clock = new FakeClock();
	const tab = (id: string) => {
		const db = new IrisDB(name);
		dbs.push(db);
		const client = fakeClient(db, clock, sockets, `${id}-uuid`, id);
		const channel = bus.channel();
		const lock = locks.for();
		const shared = new SharedConnection({
			client,
			channel,
			locks: lock,
			id,
			storedConfig: async () => CONFIG
		});
		const events: WorkerEvent[] = [];
		const api = shared.endpoint;
		api.subscribe((e) => events.push(e));
		const close = () => {
			channel.close();
			lock.release();
		};
		return { shared, api, client, events, close, db };
	};
	return { tab, sockets, clock };
}

const states = (events: WorkerEvent[]) =>
	events.flatMap((e) => (e.type === 'status' ? [e.status.state] : []));

describe('SharedConnection (one connection per browser profile)', () => {
	it('elects one leader; the follower forwards, mirrors status, and takes over when the leader goes', async () => {
		const p = profile();
		const a = p.tab('a');
		await vi.waitFor(() => expect(a.shared.leader).toBe(true));
		await a.api.configure(CONFIG);
		const b = p.tab('b');
		await b.api.configure(CONFIG);
		expect(b.shared.leader).toBe(false);
		expect(p.sockets).toHaveLength(1);

		p.sockets[0]!.open();
		p.sockets[0]!.receive({ v: 1, type: 'hello.ack', id: 1, payload: { sync_cursor: 0 } });
		await vi.waitFor(() => expect(states(b.events).at(-1)).toBe('connected'));

		// A message typed in the follower is in the shared outbox and sent by the leader.
		await b.api.send({ chat_id: 'default', text: 'from b' });
		await vi.waitFor(() =>
			expect(p.sockets[0]!.sent.some((f) => f.type === 'message.send')).toBe(true)
		);

		// Streaming text reaches the follower's page too.
		p.sockets[0]!.receive({
			v: 1,
			type: 'message.update',
			payload: { message_id: 'm1', text: 'hello' }
		});
		p.clock.advance(DEFAULT_EMIT_MS);
		await vi.waitFor(() =>
			expect(b.events.some((e) => e.type === 'stream' && e.updates[0]?.text === 'hello')).toBe(true)
		);

		a.close();
		await vi.waitFor(() => expect(b.shared.leader).toBe(true));
		await vi.waitFor(() => expect(p.sockets).toHaveLength(2));
		expect(p.sockets[1]!.url).toBe(CONFIG.url);
	});

	it('a follower runs stop and steer through the leader, sees its reasoning, and asks a new leader again', async () => {
		const p = profile();
		const a = p.tab('a');
		await vi.waitFor(() => expect(a.shared.leader).toBe(true));
		await a.api.configure(CONFIG);
		const b = p.tab('b');
		// The leader's answer comes back to the follower, errors included.
		await expect(b.api.stop({ chat_id: 'default' })).rejects.toThrow(/Not connected/);

		const s = p.sockets[0]!;
		s.open();
		s.receive({ v: 1, type: 'hello.ack', id: 1, payload: { sync_cursor: 0 } });
		await vi.waitFor(() => expect(states(b.events).at(-1)).toBe('connected'));

		const stopped = b.api.stop({ chat_id: 'default' });
		await vi.waitFor(() => expect(s.sentTypes).toContain('agent.stop'));
		const stop = s.sent.find((f) => f.type === 'agent.stop') as { id: number };
		s.receive({ v: 1, type: 'agent.idle', id: stop.id, chat_id: 'default', payload: {} });
		await expect(stopped).resolves.toBeUndefined();

		s.receive({
			v: 1,
			type: 'message.update',
			payload: { message_id: 'm1', text: '', reasoning: 'thinking' }
		});
		p.clock.advance(DEFAULT_EMIT_MS);
		await vi.waitFor(() =>
			expect(
				b.events.some((e) => e.type === 'reasoning' && e.updates[0]?.text === 'thinking')
			).toBe(true)
		);

		// The leader goes away before it answers a steer: the follower becomes the leader and
		// runs it itself (no socket is ready yet, so the text goes to the outbox as a message).
		const steered = b.api.steer({ chat_id: 'default', text: 'shorter please' });
		await vi.waitFor(() => expect(s.sentTypes).toContain('agent.steer'));
		a.close();
		await expect(steered).resolves.toBe('sent');
		expect(b.shared.leader).toBe(true);
		expect(
			(await b.db.outbox.toArray()).map((r) => r.text).filter((t) => t === 'shorter please')
		).toHaveLength(1);
	});

	it('a follower creates a channel and completes commands through the leader (feature commands)', async () => {
		const p = profile();
		const a = p.tab('a');
		await vi.waitFor(() => expect(a.shared.leader).toBe(true));
		await a.api.configure(CONFIG);
		const b = p.tab('b');
		// Not connected yet: the leader's human-readable error reaches the follower's page.
		await expect(b.api.completeCommands('/mo')).rejects.toThrow(/Not connected/);

		const s = p.sockets[0]!;
		s.open();
		s.receive({ v: 1, type: 'hello.ack', id: 1, payload: { sync_cursor: 0 } });
		await vi.waitFor(() => expect(states(b.events).at(-1)).toBe('connected'));

		const created = b.api.createChannel({ name: 'Ops', kind: 'channel' });
		await vi.waitFor(() => expect(s.sentTypes).toContain('channel.create'));
		const create = s.sent.find((f) => f.type === 'channel.create') as { id: number };
		s.receive({
			v: 1,
			type: 'channel.created',
			id: create.id,
			payload: { chat_id: 'c1', name: 'Ops', kind: 'channel' }
		});
		await expect(created).resolves.toBe('c1');
		// Stored by the leader in the profile's shared store before the follower's call settles.
		expect(await b.db.channels.get('c1')).toMatchObject({ name: 'Ops' });

		const matches = b.api.completeCommands('/mo');
		await vi.waitFor(() => expect(s.sentTypes).toContain('commands.complete'));
		const complete = s.sent.find((f) => f.type === 'commands.complete') as { id: number };
		s.receive({
			v: 1,
			type: 'commands.complete',
			id: complete.id,
			payload: { prefix: '/mo', matches: [{ name: '/model' }] }
		});
		await expect(matches).resolves.toEqual([{ name: '/model' }]);

		// The gateway's state reaches every tab, and a tab opened later too.
		s.receive({ v: 1, type: 'status', payload: { state: 'degraded' } });
		const serverStates = (events: WorkerEvent[]) =>
			events.flatMap((e) => (e.type === 'server_status' ? [e.state] : []));
		await vi.waitFor(() => expect(serverStates(b.events)).toEqual(['degraded']));
		const c = p.tab('c');
		await vi.waitFor(() => expect(serverStates(c.events)).toEqual(['degraded']));
		expect(p.sockets).toHaveLength(1);
	});
	it("a bench build's stream pace reaches the leading worker's client (bench baselines)", async () => {
		const p = profile();
		const a = p.tab('a');
		await vi.waitFor(() => expect(a.shared.leader).toBe(true));
		const paced: WorkerEvent[] = [];
		const bench = withBenchControls(a.api, a.client, a.db);
		bench.subscribe((e) => paced.push(e));
		bench.setStreamEmitMs(0);
		await bench.configure(CONFIG);
		const s = p.sockets[0]!;
		s.open();
		s.receive({ v: 1, type: 'hello.ack', id: 1, payload: { sync_cursor: 0 } });
		await vi.waitFor(() => expect(states(paced).at(-1)).toBe('connected'));
		await vi.waitFor(() => expect(s.sentTypes).toContain('sync'));
		for (const text of ['a', 'ab']) {
			s.receive({ v: 1, type: 'message.update', payload: { message_id: 'm1', text } });
			p.clock.advance(0);
		}
		// One emission per update, not one per DEFAULT_EMIT_MS.
		await vi.waitFor(() =>
			expect(paced.filter((e) => e.type === 'stream').map((e) => e.updates[0]?.text)).toEqual([
				'a',
				'b'
			])
		);
	});
});
