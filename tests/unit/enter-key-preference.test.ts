import { describe, expect, it } from 'vitest';
import { ENTER_KEY_KEY, EnterKeyPreference } from '../../src/lib/state/enter-key.svelte';

function memoryStorage(initial: Record<string, string> = {}) {
	const data = new Map(Object.entries(initial));
	return {
		data,
		getItem: (k: string) => data.get(k) ?? null,
		setItem: (k: string, v: string) => void data.set(k, v)
	};
}

describe('EnterKeyPreference', () => {
	it('follows the device until a choice is made: Enter sends with a mouse, not on touch', () => {
		expect(new EnterKeyPreference(memoryStorage(), false).sends).toBe(true);
		expect(new EnterKeyPreference(memoryStorage(), true).sends).toBe(false);
	});

	it('a choice overrides the device and is remembered', () => {
		const store = memoryStorage();
		const touch = new EnterKeyPreference(store, true);
		touch.set(true);
		expect(touch.sends).toBe(true);
		expect(store.data.get(ENTER_KEY_KEY)).toBe('send');
		expect(new EnterKeyPreference(store, true).sends).toBe(true);
		touch.set(false);
		expect(new EnterKeyPreference(store, false).sends).toBe(false);
	});

	it('ignores a stored value it does not know, and works without storage', () => {
		expect(new EnterKeyPreference(memoryStorage({ [ENTER_KEY_KEY]: 'yes' }), true).sends).toBe(
			false
		);
		const memory = new EnterKeyPreference(undefined, false);
		memory.set(false);
		expect(memory.sends).toBe(false);
	});

	it('keeps the choice for the page when storage refuses to write', () => {
		const full = {
			getItem: () => null,
			setItem: () => {
				throw new DOMException('full', 'QuotaExceededError');
			}
		};
		const pref = new EnterKeyPreference(full, false);
		pref.set(false);
		expect(pref.sends).toBe(false);
	});
});
