/**
 * Per-test set-up of the gateway's v3 connection, validation and disconnect tests: a fresh
 * gateway per test, v3 clients checked and closed afterwards, and the wait for a refusal.
 */
import { afterEach, beforeEach, expect } from 'vitest';
import type { V3FrameOf } from '../../src/lib/protocol/hermes-v3';
import { startTestGateway, type TestGateway } from './gateway-helpers';
import { V3Client } from './gateway-v3-helpers';

/**
 * Register hooks in the calling test file: before each test, a fresh gateway with test hooks
 * handed to `set`; after it, the clients `connect` opened checked (every frame passed the v3
 * codec) and closed, and the gateway `get` returns stopped (a test may have replaced it).
 */
export function useV3Gateway(get: () => TestGateway, set: (gateway: TestGateway) => void) {
	let clients: V3Client[] = [];
	beforeEach(async () => {
		set(await startTestGateway({ testHooks: true }));
		clients = [];
	});
	afterEach(async () => {
		for (const c of clients) expect(c.invalid).toEqual([]);
		await Promise.all(clients.map((c) => c.close()));
		await get().stop();
	});
	/** Connect a v3 client to the current gateway (checked and closed after the test). */
	async function connect(): Promise<V3Client> {
		const client = await V3Client.connect(get().gw.v3WsUrl);
		clients.push(client);
		return client;
	}
	return { connect };
}

/** Send `frame` and wait for the `error` answering it. */
export async function refusal(client: V3Client, frame: Record<string, unknown> | string) {
	const from = client.frames.length;
	client.send(frame);
	return (await client.waitFor((f) => f.type === 'error', from, 'error')) as V3FrameOf<'error'>;
}
