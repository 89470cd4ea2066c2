/**
 * The worker client's push registration (doc/protocol.md "Push"): fcm.register and the hello that
 * carries it, and unregistering when the app leaves a gateway for another (doc/storage.md).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { setup } from './support/client-setup';
import { getMeta } from '../../src/lib/db/meta';

describe('IrisClient push registration (doc/protocol.md "Push")', () => {
	it('sends fcm.register on the open link and puts the registration in every later hello', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const token = JSON.stringify({ endpoint: 'https://push.example/abc', keys: {} });
		await t.client.commands.registerPush({ via: 'fcm', fcm_token: token });
		expect(t.last().sent.find((f) => f.type === 'fcm.register')).toMatchObject({
			payload: { fcm_token: token }
		});
		expect(await getMeta(t.db, 'push')).toEqual({ via: 'fcm', fcm_token: token });

		t.last().drop();
		t.clock.advance(3000);
		t.last().open();
		expect(t.last().sent[0]).toMatchObject({
			type: 'hello',
			payload: { caps: { push: 'fcm' }, fcm_token: token }
		});

		t.last().receive({
			v: 1,
			type: 'hello.ack',
			id: 1,
			payload: { sync_cursor: 0, server_caps: { push: 'fcm', vapid_public_key: 'K' } }
		});
		await vi.waitFor(async () =>
			expect(await getMeta(t.db, 'server_caps')).toEqual({ push: 'fcm', vapid_public_key: 'K' })
		);
		await t.client.commands.registerPush({
			via: 'ntfy',
			ntfy_topic: 'iris-me',
			ntfy_server: 'https://ntfy.example'
		});
		await t.client.commands.registerPush(null);
		expect(
			t
				.last()
				.sent.filter((f) => f.type === 'fcm.register')
				.map((f) => f.payload)
		).toEqual([{ ntfy_topic: 'iris-me' }, {}]);
		expect(await getMeta(t.db, 'push')).toBeUndefined();
	});
});

describe('IrisClient leaving a gateway for another (doc/storage.md "One store per gateway")', () => {
	it('unregisters push, waits for the answer, closes the link and keeps the pairing', async () => {
		const t = setup();
		const gateway = { url: 'ws://gw/ws', token: 'x' };
		await t.client.commands.configure(gateway);
		await t.handshake();
		await t.client.commands.registerPush({
			via: 'ntfy',
			ntfy_topic: 'iris-me',
			ntfy_server: 'https://ntfy.example'
		});
		const socket = t.last();
		const left = t.client.commands.leave();
		const registers = () => socket.sent.filter((f) => f.type === 'fcm.register');
		await vi.waitFor(() =>
			expect(registers().map((f) => f.payload)).toEqual([{ ntfy_topic: 'iris-me' }, {}])
		);
		expect(socket.closedWith).toBeUndefined();
		const request = registers().at(-1)!;
		socket.receive({ v: 1, type: 'status', id: request.id, payload: { state: 'online' } });
		await left;
		expect(socket.closedWith).toBeDefined();
		expect(t.sockets).toHaveLength(1);
		expect(await getMeta(t.db, 'push')).toBeUndefined();
		expect(await getMeta(t.db, 'gateway')).toEqual(gateway);
	});
	it('waits for a handshake still running before it unregisters', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		await t.client.commands.registerPush({
			via: 'ntfy',
			ntfy_topic: 'iris-me',
			ntfy_server: 'https://ntfy.example'
		});
		t.last().drop();
		t.clock.advance(3000);
		const left = t.client.commands.leave();
		// Past the unregistration's store write: the gateway is not connected yet.
		await vi.waitFor(async () => expect(await getMeta(t.db, 'push')).toBeUndefined());
		expect(t.last().sent.filter((f) => f.type === 'fcm.register')).toEqual([]);
		await t.handshake();
		await vi.waitFor(() =>
			expect(
				t
					.last()
					.sent.filter((f) => f.type === 'fcm.register')
					.map((f) => f.payload)
			).toEqual([{}])
		);
		t.clock.advance(3000);
		await left;
		expect(t.last().closedWith).toBeDefined();
	});
});
