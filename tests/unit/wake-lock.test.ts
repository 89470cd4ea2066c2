import { describe, expect, it } from 'vitest';
import { ScreenWakeLock, type WakeLockHost } from '../../src/lib/platform/wake-lock';

/** A host whose lock requests are granted (or refused) when the test says. */
function fakeHost() {
	let visible = true;
	let onChange = () => {};
	const sentinels: { released: boolean; release(): Promise<void> }[] = [];
	let refuse = false;
	const host: WakeLockHost = {
		wakeLock: {
			request: async () => {
				if (refuse) throw new DOMException('refused', 'NotAllowedError');
				const target = new EventTarget();
				const sentinel = Object.assign(target, {
					released: false,
					release: async () => {
						if (sentinel.released) return;
						sentinel.released = true;
						target.dispatchEvent(new Event('release'));
					}
				});
				sentinels.push(sentinel);
				return sentinel as unknown as WakeLockSentinel;
			}
		},
		visible: () => visible,
		onVisibilityChange: (listener) => (onChange = listener)
	};
	const settle = () => new Promise((r) => setTimeout(r, 0));
	return {
		host,
		sentinels,
		settle,
		refuse: (value: boolean) => (refuse = value),
		/** The page is hidden or shown; a hidden page's lock is released by the browser itself. */
		show: (value: boolean) => {
			visible = value;
			if (!value) for (const s of sentinels) void s.release();
			onChange();
		}
	};
}

describe('ScreenWakeLock', () => {
	it('holds the lock while wanted and visible, asks again when shown, lets go when unwanted', async () => {
		const t = fakeHost();
		const lock = new ScreenWakeLock(t.host);
		lock.wanted = true;
		await t.settle();
		expect(lock.held).toBe(true);
		lock.wanted = true; // no second request while held
		await t.settle();
		expect(t.sentinels).toHaveLength(1);
		t.show(false);
		await t.settle();
		expect(lock.held).toBe(false);
		t.show(true);
		await t.settle();
		expect(t.sentinels).toHaveLength(2);
		lock.wanted = false;
		await t.settle();
		expect(t.sentinels.map((s) => s.released)).toEqual([true, true]);
		expect(lock.held).toBe(false);
	});

	it('a refusal is quiet; unwanted while being asked for, the lock is released once granted', async () => {
		const t = fakeHost();
		const lock = new ScreenWakeLock(t.host);
		t.refuse(true);
		lock.wanted = true;
		await t.settle();
		expect(lock.held).toBe(false);
		t.refuse(false);
		lock.wanted = true;
		lock.wanted = false;
		await t.settle();
		expect(t.sentinels.map((s) => s.released)).toEqual([true]);
		expect(lock.held).toBe(false);
	});

	it('does nothing where the API is missing', async () => {
		const lock = new ScreenWakeLock({ visible: () => true, onVisibilityChange: () => {} });
		lock.wanted = true;
		expect(lock.held).toBe(false);
	});
});
