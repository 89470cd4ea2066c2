import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { setup } from './support/client-setup';
import type { AgentActivity } from '../../src/lib/bridge/contract';

describe('turn activity during a sync catch-up (bench/README.md "Reconnect catch-up")', () => {
	it("announces each channel's net state once at sync.done, not every replayed busy/idle", async () => {
		const t = setup();
		const events: AgentActivity[] = [];
		t.client.subscribe((e) => {
			if (e.type === 'activity') events.push(e.activity);
		});
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		await vi.waitFor(() => expect(t.last().sent.some((f) => f.type === 'sync')).toBe(true));
		const sync = t.last().sent.find((f) => f.type === 'sync')!;
		events.length = 0;
		// 50 finished turns in `c1`, 50 in `c2`, and one still running in `c2`.
		for (let i = 0; i < 50; i++) {
			for (const chat_id of ['c1', 'c2']) {
				t.last().receive({ v: 1, type: 'agent.busy', chat_id, payload: {} });
				t.last().receive({ v: 1, type: 'agent.idle', chat_id, payload: {} });
			}
		}
		t.last().receive({ v: 1, type: 'agent.busy', chat_id: 'c2', payload: {} });
		expect(events).toEqual([]);
		t.last().receive({ v: 1, type: 'sync.done', id: sync.id, payload: { cursor: 9 } });
		await vi.waitFor(() => expect(events).toHaveLength(2));
		expect(events.map((a) => [a.chat_id, a.busy])).toEqual([
			['c1', false],
			['c2', true]
		]);
		// After the catch-up every change is announced at once again.
		t.last().receive({ v: 1, type: 'agent.idle', chat_id: 'c2', payload: {} });
		expect(events.at(-1)).toMatchObject({ chat_id: 'c2', busy: false });
		expect(events).toHaveLength(3);
	});
});
