/**
 * Per-test setup for the gateway protocol tests: a fresh gateway per test, clients that are
 * checked (every frame they got passed `decodeServerFrame`) and closed afterwards.
 */
import { afterEach, beforeEach, expect } from 'vitest';
import type { ServerFrame, ServerFrameOf } from '../../src/lib/protocol/iris';
import { TestClient, startTestGateway, type TestGateway } from './gateway-helpers';

/** Accessors for the current test's gateway and clients. */
export interface GatewaySuite {
	/** The running gateway of the current test. */
	gateway(): TestGateway;
	/** Connect a client without a handshake. */
	connect(): Promise<TestClient>;
	/** Connect a client and complete the handshake; resolves with it and its `hello.ack`. */
	pair(device?: string): Promise<[TestClient, ServerFrame]>;
}

/** Register `beforeEach`/`afterEach` hooks in the calling test file. */
export function useGateway(): GatewaySuite {
	let t: TestGateway | undefined;
	let clients: TestClient[] = [];
	beforeEach(async () => {
		t = await startTestGateway();
		clients = [];
	});
	afterEach(async () => {
		for (const c of clients) expect(c.invalid).toEqual([]);
		await Promise.all(clients.map((c) => c.close()));
		await t?.stop();
	});
	const gateway = (): TestGateway => {
		if (!t) throw new Error('no gateway running');
		return t;
	};
	return {
		gateway,
		connect: async () => {
			const client = await TestClient.connect(gateway().gw.wsUrl);
			clients.push(client);
			return client;
		},
		pair: async (device = 'dev-1') => {
			const [client, ack] = await TestClient.paired(gateway().gw.wsUrl, device);
			clients.push(client);
			return [client, ack];
		}
	};
}

/** Send a message and wait for its turn to finish; returns the ack and the frames from it on. */
export async function sendAndFinish(
	client: TestClient,
	text: string,
	extra: Record<string, unknown> = {}
): Promise<{ ack: ServerFrameOf<'message'>; turn: ServerFrame[] }> {
	const ack = (await client.request('message.send', {
		text,
		...extra
	})) as ServerFrameOf<'message'>;
	const from = client.indexOf(ack);
	const idle = await client.waitFor((f) => f.type === 'agent.idle', from, 'agent.idle');
	return { ack, turn: client.frames.slice(from, client.indexOf(idle) + 1) };
}
