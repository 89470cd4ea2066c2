import { describe, expect, it } from 'vitest';
import { Lazy } from '../../src/lib/components/common/lazy.svelte';

describe('Lazy', () => {
	it('has no component until loaded, then imports it once', async () => {
		let imports = 0;
		const component = () => 'dialog';
		const lazy = new Lazy(async () => {
			imports++;
			return { default: component };
		});
		expect(lazy.component).toBeUndefined();
		const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
		expect(a).toBe(component);
		expect(b).toBe(component);
		expect(lazy.component).toBe(component);
		await lazy.load();
		expect(imports).toBe(1);
	});

	it('tries again after a failed import', async () => {
		let attempts = 0;
		const lazy = new Lazy(async () => {
			attempts++;
			if (attempts === 1) throw new Error('offline');
			return { default: 'dialog' };
		});
		await expect(lazy.load()).rejects.toThrow('offline');
		expect(lazy.component).toBeUndefined();
		await expect(lazy.load()).resolves.toBe('dialog');
		expect(attempts).toBe(2);
	});
});
