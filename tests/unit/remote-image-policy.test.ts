import { describe, expect, it } from 'vitest';
import {
	REMOTE_IMAGE_HOSTS_KEY,
	RemoteImagePolicy
} from '../../src/lib/state/remote-images.svelte';

function memoryStorage(initial: Record<string, string> = {}) {
	const data = new Map(Object.entries(initial));
	return {
		data,
		getItem: (k: string) => data.get(k) ?? null,
		setItem: (k: string, v: string) => void data.set(k, v)
	};
}

describe('RemoteImagePolicy', () => {
	it('allows nothing until the reader chooses', () => {
		const policy = new RemoteImagePolicy(memoryStorage());
		expect(policy.allows('https://a.example/x.png', 'a.example')).toBe(false);
	});

	it('"Load image" allows that URL only, for this page', () => {
		const store = memoryStorage();
		const policy = new RemoteImagePolicy(store);
		policy.loadOnce('https://a.example/x.png');
		expect(policy.allows('https://a.example/x.png', 'a.example')).toBe(true);
		expect(policy.allows('https://a.example/y.png', 'a.example')).toBe(false);
		expect(new RemoteImagePolicy(store).allows('https://a.example/x.png', 'a.example')).toBe(false);
	});

	it('"Always" allows the host, remembered across pages, until forgotten', () => {
		const store = memoryStorage();
		new RemoteImagePolicy(store).alwaysFrom('a.example:8443');
		expect(JSON.parse(store.data.get(REMOTE_IMAGE_HOSTS_KEY)!)).toEqual(['a.example:8443']);
		const next = new RemoteImagePolicy(store);
		expect(next.allows('https://a.example:8443/any.png', 'a.example:8443')).toBe(true);
		// The port is part of the host: another port is another site.
		expect(next.allows('https://a.example/any.png', 'a.example')).toBe(false);
		next.forget('a.example:8443');
		expect(new RemoteImagePolicy(store).hosts).toEqual([]);
	});

	it('a corrupt or unavailable store allows nothing and does not throw', () => {
		expect(
			new RemoteImagePolicy(memoryStorage({ [REMOTE_IMAGE_HOSTS_KEY]: '{oops' })).hosts
		).toEqual([]);
		expect(
			new RemoteImagePolicy(memoryStorage({ [REMOTE_IMAGE_HOSTS_KEY]: '[1,"b.example"]' })).hosts
		).toEqual(['b.example']);
		const failing = {
			getItem: () => {
				throw new Error('denied');
			},
			setItem: () => {
				throw new Error('denied');
			}
		};
		const policy = new RemoteImagePolicy(failing);
		policy.alwaysFrom('c.example');
		expect(policy.allows('https://c.example/p.png', 'c.example')).toBe(true);
	});
});
