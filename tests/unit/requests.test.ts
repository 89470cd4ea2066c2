import { describe, expect, it } from 'vitest';
import {
	ConnectionClosedError,
	PendingRequests,
	RequestError,
	RequestTimeoutError
} from '../../src/lib/connection/requests';
import type { ServerFrame } from '../../src/lib/protocol/iris/frames';
import { FakeClock } from './support/fake-clock';

describe('PendingRequests (doc/protocol.md "Requests, responses, acks")', () => {
	it('numbers requests 1, 2, 3 and settles by id', async () => {
		const r = new PendingRequests(new FakeClock());
		const a = r.open();
		const b = r.open();
		expect([a.id, b.id]).toEqual([1, 2]);
		const pong: ServerFrame = { v: 1, type: 'pong', id: 2, payload: { ts: 1 } };
		expect(r.settle(pong)).toBe(true);
		await expect(b.answer).resolves.toBe(pong);
		expect(r.settle({ v: 1, type: 'agent.idle', payload: {} })).toBe(false);
		expect(r.size).toBe(1);
	});

	it('an error frame rejects with its code', async () => {
		const r = new PendingRequests(new FakeClock());
		const a = r.open();
		r.settle({ v: 1, type: 'error', id: a.id, payload: { code: 'rate_limited', message: 'slow' } });
		await expect(a.answer).rejects.toEqual(new RequestError('rate_limited', 'slow'));
	});

	it('times out after 15 s and is not retried', async () => {
		const clock = new FakeClock();
		const r = new PendingRequests(clock);
		const a = r.open();
		clock.advance(14_999);
		expect(r.size).toBe(1);
		clock.advance(1);
		await expect(a.answer).rejects.toBeInstanceOf(RequestTimeoutError);
		expect(r.size).toBe(0);
	});

	it('closeAll rejects everything pending', async () => {
		const clock = new FakeClock();
		const r = new PendingRequests(clock);
		const a = r.open();
		r.closeAll();
		await expect(a.answer).rejects.toBeInstanceOf(ConnectionClosedError);
		expect(clock.pending).toBe(0);
	});
});
