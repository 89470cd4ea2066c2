import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notices, TOAST_MS } from '../../src/lib/state/notices.svelte';
import type { InAppNotification } from '../../src/lib/bridge/features';

function notify(notices: Notices, kind: InAppNotification['kind']): number {
	notices.onEvent({ type: 'notification', notification: { chat_id: 'chan_1', kind } });
	return notices.toasts.at(-1)!.id;
}

describe('Notices toasts', () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	it('a toast goes by itself after TOAST_MS', () => {
		const notices = new Notices();
		notify(notices, 'generic');
		vi.advanceTimersByTime(TOAST_MS - 1);
		expect(notices.toasts).toHaveLength(1);
		vi.advanceTimersByTime(1);
		expect(notices.toasts).toHaveLength(0);
	});

	it("a scheduled job's notice makes no toast while the Inbox, which lists it, is open", () => {
		const notices = new Notices();
		notify(notices, 'cron');
		notify(notices, 'generic');
		// Those on screen when it opens go: it lists them.
		notices.showInbox(true);
		expect(notices.toasts.map((t) => t.kind)).toEqual(['generic']);
		notices.onEvent({ type: 'notification', notification: { chat_id: 'chan_1', kind: 'cron' } });
		notify(notices, 'approval');
		expect(notices.toasts.map((t) => t.kind)).toEqual(['generic', 'approval']);
		notices.showInbox(false);
		notify(notices, 'cron');
		expect(notices.toasts.map((t) => t.kind)).toEqual(['generic', 'approval', 'cron']);
	});

	it('one asking the reader to act (approval, question) stays until dismissed', () => {
		const notices = new Notices();
		const approval = notify(notices, 'approval');
		notify(notices, 'clarify');
		vi.advanceTimersByTime(TOAST_MS * 10);
		expect(notices.toasts.map((t) => t.kind)).toEqual(['approval', 'clarify']);
		notices.dismiss(approval);
		expect(notices.toasts.map((t) => t.kind)).toEqual(['clarify']);
	});

	it('stays while hovered or focused, and goes TOAST_MS after the reader leaves it', () => {
		const notices = new Notices();
		const id = notify(notices, 'cron');
		vi.advanceTimersByTime(TOAST_MS - 100);
		notices.pause(id);
		vi.advanceTimersByTime(TOAST_MS * 2);
		expect(notices.toasts).toHaveLength(1);
		notices.resume(id);
		vi.advanceTimersByTime(TOAST_MS - 1);
		expect(notices.toasts).toHaveLength(1);
		vi.advanceTimersByTime(1);
		expect(notices.toasts).toHaveLength(0);
	});

	it('shows at most four; older ones make room', () => {
		const notices = new Notices();
		for (let i = 0; i < 6; i++) notify(notices, 'approval');
		expect(notices.toasts.map((t) => t.id)).toEqual([3, 4, 5, 6]);
	});
});
