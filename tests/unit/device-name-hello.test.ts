import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { setup } from './support/client-setup';
import { getMeta } from '../../src/lib/db/meta';

describe('IrisClient device name (Settings › Connection)', () => {
	it('keeps the open link, sends the new name in the next hello; empty goes back to the default', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const first = t.last();
		const name = () => (t.last().sent[0]?.payload as { device_name?: string }).device_name;
		const byDefault = name();
		expect(byDefault).toBeTruthy();

		await t.client.commands.setDeviceName('Kitchen tablet');
		expect(await getMeta(t.db, 'device_name')).toBe('Kitchen tablet');
		expect(t.last()).toBe(first);
		first.drop();
		t.clock.advance(3000);
		t.last().open();
		expect(name()).toBe('Kitchen tablet');

		await t.client.commands.setDeviceName('');
		expect(await getMeta(t.db, 'device_name')).toBeUndefined();
		t.last().drop();
		t.clock.advance(3000);
		t.last().open();
		expect(name()).toBe(byDefault);
	});
});
