import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PrecacheController } from 'workbox-precaching';
import { installWithRetries } from '../../src/service-worker/install-retry';

/** A real install event's waitUntil: records what it was handed. */
function installEvent() {
	const handed: Promise<unknown>[] = [];
	const event = {
		type: 'install',
		waitUntil: (p: Promise<unknown>) => void handed.push(p)
	} as unknown as ExtendableEvent;
	return { event, handed };
}

/** A controller whose install fails `failures` times (handing the rejection to waitUntil first). */
function controller(failures: number) {
	const seen: ExtendableEvent[] = [];
	const install = vi.fn((event: ExtendableEvent) => {
		seen.push(event);
		const work =
			seen.length <= failures
				? Promise.reject(new Error(`fetch failed ${seen.length}`))
				: Promise.resolve({ updatedURLs: [], notUpdatedURLs: [] });
		event.waitUntil(work);
		return work;
	});
	return { controller: { install } as unknown as PrecacheController, install, seen };
}

describe('installWithRetries', () => {
	afterEach(() => vi.restoreAllMocks());

	it('tries again after a failed attempt, and the real event is handed no rejection', async () => {
		const { event, handed } = installEvent();
		const { controller: c, install, seen } = controller(2);
		vi.spyOn(console, 'warn').mockImplementation(() => {});
		await installWithRetries(c, event, [0, 0]);
		expect(install).toHaveBeenCalledTimes(3);
		expect(seen.every((e) => e.type === 'install')).toBe(true);
		// A rejected promise in the real event's waitUntil would fail the install at once.
		const outcomes = await Promise.allSettled(handed);
		expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
	});

	it("rejects with the last attempt's error once the delays are used up", async () => {
		const { event } = installEvent();
		const { controller: c, install } = controller(5);
		vi.spyOn(console, 'warn').mockImplementation(() => {});
		await expect(installWithRetries(c, event, [0])).rejects.toThrow('fetch failed 2');
		expect(install).toHaveBeenCalledTimes(2);
	});

	it('installs once when the first attempt succeeds', async () => {
		const { event } = installEvent();
		const { controller: c, install } = controller(0);
		await installWithRetries(c, event, [0, 0]);
		expect(install).toHaveBeenCalledTimes(1);
	});
});
