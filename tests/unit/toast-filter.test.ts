import { describe, expect, it } from 'vitest';
import { ToastFilter } from '../../src/lib/connection/toast-filter';

const created = { chat_id: 'chan_1', kind: 'channel_created' as const, title: 'New channel: A' };

describe('ToastFilter', () => {
	it('shows news from elsewhere', () => {
		expect(new ToastFilter(() => false).shows(created)).toBe(true);
	});

	it("drops the echo of this device's own change, once", () => {
		const filter = new ToastFilter(() => false);
		filter.ownChange('channel.created', 'chan_1');
		filter.ownChange('channel.renamed', 'chan_2');
		// Another kind or channel is still news.
		expect(filter.shows({ ...created, chat_id: 'chan_2' })).toBe(true);
		expect(filter.shows(created)).toBe(false);
		expect(filter.shows(created)).toBe(true);
		expect(filter.shows({ chat_id: 'chan_2', kind: 'channel_renamed' })).toBe(false);
	});

	it('drops what a sync catch-up replays', () => {
		let syncing = true;
		const filter = new ToastFilter(() => syncing);
		expect(filter.shows(created)).toBe(false);
		syncing = false;
		expect(filter.shows(created)).toBe(true);
	});
});
