import { createECDH, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPushOptions } from '../../gateway/push/options';
import { PushService, showsEveryPush } from '../../gateway/push/service';
import type { DevicePush, PushTable } from '../../gateway/storage/types';
import { frame } from '../../src/lib/protocol/iris';

/** Registrations in memory (the store's table is tested elsewhere). */
function memoryTable(): PushTable {
	const rows = new Map<string, DevicePush>();
	return {
		set: (id, push) =>
			void (push.subscription || push.ntfy_topic ? rows.set(id, push) : rows.delete(id)),
		get: (id) => rows.get(id),
		all: () => [...rows]
	};
}

afterEach(() => vi.restoreAllMocks());

describe('push services that require every push to show a notification', () => {
	it('are Apple’s', () => {
		expect(showsEveryPush('https://web.push.apple.com/QGx')).toBe(true);
		expect(showsEveryPush('https://push.apple.com/x')).toBe(true);
		expect(showsEveryPush('https://fcm.googleapis.com/fcm/send/x')).toBe(false);
		expect(showsEveryPush('https://evil-push.apple.com.example/x')).toBe(false);
		expect(showsEveryPush('not a url')).toBe(false);
	});

	it('get a finished turn but never a read receipt (which shows nothing)', async () => {
		const options = readPushOptions({
			IRIS_PUSH: 'webpush',
			IRIS_PUSH_ALLOW_PRIVATE: '1',
			IRIS_VAPID_SUBJECT: 'mailto:tests@example.com'
		});
		if (typeof options !== 'object') throw new Error('push options expected');
		const sent: string[] = [];
		vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
			sent.push(String(input));
			return new Response(null, { status: 201 });
		});
		const logged: string[] = [];
		const service = new PushService(options, memoryTable(), (l) => logged.push(l), 'default');
		// A real subscription's keys: web-push encrypts for them before sending.
		const ecdh = createECDH('prime256v1');
		ecdh.generateKeys();
		const keys = {
			p256dh: ecdh.getPublicKey().toString('base64url'),
			auth: randomBytes(16).toString('base64url')
		};
		for (const [device, endpoint] of [
			['iphone', 'https://web.push.apple.com/QGx'],
			['android', 'https://fcm.googleapis.com/fcm/send/x']
		] as const)
			expect(service.register(device, { fcm_token: JSON.stringify({ endpoint, keys }) })).toBe(
				undefined
			);

		service.onBroadcast(frame('read.receipt', { chat_id: 'default', message_id: 'm1' }), new Set());
		await vi.waitFor(() => expect(sent).toEqual(['https://fcm.googleapis.com/fcm/send/x']));
		service.onBroadcast(
			frame('message.stop', { message_id: 'm2', final_text: 'done' }, { chat_id: 'default' }),
			new Set()
		);
		await vi.waitFor(() => expect(sent).toHaveLength(3));
		expect(sent).toContain('https://web.push.apple.com/QGx');
	});
});
