import { describe, expect, it } from 'vitest';
import { MessageStore } from '../../gateway/store';

describe('MessageStore ids across restarts', () => {
	it('a store restored from a snapshot older than its last run never reuses that run’s ids', () => {
		const first = new MessageStore();
		// Saved at start-up; the gateway is then killed before it saves again.
		const stale = first.snapshot();
		const given = [first.nextMessageId(), first.nextMessageId(), first.nextMessageId()];
		for (const message_id of given) {
			first.add({
				scope: { chat_id: 'default' },
				message: { message_id, role: 'user', text: message_id }
			});
		}

		const restarted = MessageStore.fromSnapshot(stale);
		const next = [restarted.nextMessageId(), restarted.nextMessageId(), restarted.nextMessageId()];
		for (const id of next) expect(given).not.toContain(id);
		expect(new Set(next).size).toBe(3);
	});

	it('a restored store keeps the saved messages under their ids', () => {
		const store = new MessageStore();
		const message_id = store.nextMessageId();
		store.add({
			scope: { chat_id: 'default' },
			message: { message_id, role: 'user', text: 'kept' }
		});
		const restored = MessageStore.fromSnapshot(store.snapshot());
		expect(restored.history({ chat_id: 'default' })?.messages.map((m) => m.message_id)).toEqual([
			message_id
		]);
		expect(restored.nextMessageId()).not.toBe(message_id);
	});
});
