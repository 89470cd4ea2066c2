import { afterEach, describe, expect, it } from 'vitest';
import { StepHold } from '../../gateway/step-hold';
import type { ServerFrame } from '../../src/lib/protocol/iris';
import {
	TOKEN,
	TestClient,
	httpGet,
	post,
	startTestGateway,
	type TestGateway
} from './gateway-helpers';

/** Whether `p` has settled (after the microtasks queued so far). */
async function settled(p: Promise<unknown>): Promise<boolean> {
	let done = false;
	p.then(
		() => (done = true),
		() => (done = true)
	);
	await new Promise((resolve) => setImmediate(resolve));
	return done;
}

describe('StepHold', () => {
	it('lets the given number of steps through, holds the next until release', async () => {
		const hold = new StepHold();
		const signal = new AbortController().signal;
		expect(await settled(hold.pass(signal))).toBe(true);
		hold.holdAfter(1);
		expect(await settled(hold.pass(signal))).toBe(true);
		const held = hold.pass(signal);
		expect(await settled(held)).toBe(false);
		expect(hold.held).toBe(1);
		hold.release();
		expect(await settled(held)).toBe(true);
		expect(hold.held).toBe(0);
		expect(await settled(hold.pass(signal))).toBe(true);
	});

	it('a held step rejects with the abort reason and is no longer counted', async () => {
		const hold = new StepHold();
		const controller = new AbortController();
		hold.holdAfter(0);
		const held = hold.pass(controller.signal);
		controller.abort(new Error('stop'));
		await expect(held).rejects.toThrow('stop');
		expect(hold.held).toBe(0);
		await expect(hold.pass(controller.signal)).rejects.toThrow('stop');
	});

	it('a new hold lets the steps held now go first, then holds again', async () => {
		const hold = new StepHold();
		const signal = new AbortController().signal;
		hold.holdAfter(0);
		const first = hold.pass(signal);
		const second = hold.pass(signal);
		hold.holdAfter(1);
		expect(await settled(first)).toBe(true);
		expect(await settled(second)).toBe(false);
		expect(hold.held).toBe(1);
		hold.holdAfter(2);
		expect(await settled(second)).toBe(true);
		expect(await settled(hold.pass(signal))).toBe(true);
		expect(await settled(hold.pass(signal))).toBe(false);
	});

	it('refuses a step count that is not a non-negative integer', () => {
		expect(() => new StepHold().holdAfter(-1)).toThrow(RangeError);
		expect(() => new StepHold().holdAfter(1.5)).toThrow(RangeError);
	});
});

describe('/__test/hold and /__test/release', () => {
	let t: TestGateway | undefined;
	const clients: TestClient[] = [];
	afterEach(async () => {
		await Promise.all(clients.splice(0).map((c) => c.close()));
		await t?.stop();
		t = undefined;
	});

	const heldNow = async (port: number): Promise<number> =>
		JSON.parse((await httpGet(port, `/__test/hold?token=${encodeURIComponent(TOKEN)}`)).body).held;
	/** Room for a loaded machine (Vitest's default is 1 s). */
	const POLL = { timeout: 10_000 };
	const updates = (frames: ServerFrame[]) => frames.filter((f) => f.type === 'message.update');

	it('keep a demo turn open after N steps until released; Stop still ends a held turn', async () => {
		t = await startTestGateway({ testHooks: true });
		const { port } = t.gw;
		const [client] = await TestClient.paired(t.gw.wsUrl, 'dev-1');
		clients.push(client);
		expect(JSON.parse((await post(port, '/__test/hold?after=2')).body)).toEqual({
			after: 2,
			held: 0
		});
		expect((await post(port, '/__test/hold?after=-1')).status).toBe(400);

		const ack = await client.request('message.send', { text: 'hold me' });
		const from = client.indexOf(ack);
		await expect.poll(() => heldNow(port), POLL).toBe(1);
		await client.waitFor(() => updates(client.frames.slice(from)).length === 2, from, '2 updates');
		const open = client.frames.slice(from).map((f) => f.type);
		expect(open).not.toContain('message.stop');
		expect(updates(client.frames.slice(from))).toHaveLength(2);

		expect(JSON.parse((await post(port, '/__test/release')).body)).toEqual({ released: true });
		await client.waitFor((f) => f.type === 'agent.idle', from, 'agent.idle');
		expect(client.frames.slice(from).map((f) => f.type)).toContain('message.stop');

		// Held again from the first step: Stop ends the turn, the hold does not keep it.
		await post(port, '/__test/hold?after=0');
		const second = await client.request('message.send', { text: 'stop me' });
		const next = client.indexOf(second);
		await expect.poll(() => heldNow(port), POLL).toBe(1);
		await client.request('agent.stop', {});
		await client.waitFor((f) => f.type === 'agent.idle', next, 'agent.idle after Stop');
		expect(await heldNow(port)).toBe(0);
		await post(port, '/__test/reset');
	});

	it('reset and restart let a held turn finish', async () => {
		t = await startTestGateway({ testHooks: true });
		const { port } = t.gw;
		const [client] = await TestClient.paired(t.gw.wsUrl, 'dev-1');
		clients.push(client);
		await post(port, '/__test/hold');
		const ack = await client.request('message.send', { text: 'held, then reset' });
		await expect.poll(() => heldNow(port), POLL).toBe(1);
		await post(port, '/__test/reset');
		await client.waitFor((f) => f.type === 'agent.idle', client.indexOf(ack), 'agent.idle');

		await post(port, '/__test/hold');
		await client.request('message.send', { text: 'held, then restarted' });
		await expect.poll(() => heldNow(port), POLL).toBe(1);
		expect((await post(port, '/__test/restart')).status).toBe(200);
		expect(await heldNow(port)).toBe(0);
	});
});
