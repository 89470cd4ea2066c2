import { indexedDB as fakeIndexedDB, IDBKeyRange } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { IrisDB } from '../../src/lib/db/schema';
import { setMeta } from '../../src/lib/db/meta';
import {
	activateGateway,
	activeGateway,
	deactivateGateway,
	FIRST_STORE,
	forgetGateway,
	gatewayIdentity,
	openDirectory
} from '../../src/lib/db/gateways';

/** Each test gets a fresh IndexedDB (the directory and the first store have fixed names). */
function freshFactory(): IDBFactory {
	return new (fakeIndexedDB.constructor as { new (): IDBFactory })();
}

async function open(factory: IDBFactory) {
	return openDirectory({ indexedDB: factory, IDBKeyRange });
}

const A = { url: 'ws://a.example:8787/ws', token: 'ta' };
const B = { url: 'wss://b.example/ws', token: 'tb' };

describe('one store per gateway: the directory', () => {
	it('adopts the store from before for the gateway paired in it, with everything in it', async () => {
		const factory = freshFactory();
		const legacy = new IrisDB(FIRST_STORE, { indexedDB: factory, IDBKeyRange });
		await setMeta(legacy, 'gateway', A);
		await setMeta(legacy, 'device_id', 'device-a');
		legacy.close();

		const dir = await open(factory);
		expect(await activeGateway(dir)).toMatchObject({
			id: gatewayIdentity(A),
			store: FIRST_STORE,
			pairing: A
		});
		// A second look (another tab, a reload) adopts nothing twice.
		dir.close();
		const again = await open(factory);
		expect(await again.gateways.count()).toBe(1);
		again.close();
	});

	it('never creates the first store while looking at it', async () => {
		const factory = freshFactory();
		const dir = await open(factory);
		expect(await activeGateway(dir)).toBeNull();
		expect((await factory.databases()).map((d) => d.name)).not.toContain(FIRST_STORE);
		dir.close();
	});

	it('gives a new profile the first store, another gateway a store of its own', async () => {
		const dir = await open(freshFactory());
		const a = await activateGateway(dir, A);
		expect(a.store).toBe(FIRST_STORE);
		const b = await activateGateway(dir, B);
		expect(b.store).toMatch(/^iris-[0-9a-z]+$/);
		expect(b.store).not.toBe(a.store);
		expect((await activeGateway(dir))?.id).toBe(gatewayIdentity(B));
		// Back to A: its store again.
		expect((await activateGateway(dir, A)).store).toBe(FIRST_STORE);
		dir.close();
	});

	it('keeps the store when the same gateway is paired again with a new token', async () => {
		const dir = await open(freshFactory());
		await activateGateway(dir, A);
		const b = await activateGateway(dir, B);
		const again = await activateGateway(dir, { ...B, token: 'new' });
		expect(again.store).toBe(b.store);
		expect(again.pairing.token).toBe('new');
		expect(await dir.gateways.count()).toBe(2);
		dir.close();
	});

	it('tells gateways apart by URL (normalised) and v3 user, not by token', () => {
		expect(gatewayIdentity({ url: 'ws://A.example:80/ws', token: 'x' })).toBe(
			gatewayIdentity({ url: 'ws://a.example/ws', token: 'y' })
		);
		expect(gatewayIdentity({ url: 'ws://a/ws/app', token: 'x', user_id: 'u1' })).not.toBe(
			gatewayIdentity({ url: 'ws://a/ws/app', token: 'x', user_id: 'u2' })
		);
	});

	it('unpairing leaves no gateway active and keeps every store', async () => {
		const dir = await open(freshFactory());
		await activateGateway(dir, A);
		await deactivateGateway(dir);
		expect(await activeGateway(dir)).toBeNull();
		expect(await dir.gateways.count()).toBe(1);
		dir.close();
	});

	it('forgetting drops the token but keeps the store for that gateway alone', async () => {
		const dir = await open(freshFactory());
		await activateGateway(dir, A);
		await forgetGateway(dir, gatewayIdentity(A), false);
		expect(await activeGateway(dir)).toBeNull();
		expect(await dir.gateways.get(gatewayIdentity(A))).toMatchObject({
			store: FIRST_STORE,
			pairing: { url: A.url, token: '' }
		});
		// Another gateway never gets the forgotten gateway's store (and its history).
		expect((await activateGateway(dir, B)).store).not.toBe(FIRST_STORE);
		// The same gateway paired again finds it.
		expect((await activateGateway(dir, A)).store).toBe(FIRST_STORE);
		dir.close();
	});

	it('forgetting with erase drops the row, so its emptied store may be given out again', async () => {
		const dir = await open(freshFactory());
		await activateGateway(dir, A);
		await forgetGateway(dir, gatewayIdentity(A), true);
		expect(await activeGateway(dir)).toBeNull();
		expect(await dir.gateways.count()).toBe(0);
		expect((await activateGateway(dir, B)).store).toBe(FIRST_STORE);
		dir.close();
	});
});
