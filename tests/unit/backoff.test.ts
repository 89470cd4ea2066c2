import { describe, expect, it } from 'vitest';
import { Backoff } from '../../src/lib/connection/backoff';

describe('Backoff (doc/protocol.md "Reconnect and sync")', () => {
	it('doubles from 1 s and caps at 30 s without jitter at the midpoint', () => {
		const b = new Backoff({ random: () => 0.5 });
		expect(Array.from({ length: 8 }, () => b.next())).toEqual([
			1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000
		]);
	});

	it('jitters by ±20 %', () => {
		expect(new Backoff({ random: () => 0 }).next()).toBe(800);
		expect(new Backoff({ random: () => 0.999999 }).next()).toBe(1200);
	});

	it('starts over after reset', () => {
		const b = new Backoff({ random: () => 0.5 });
		b.next();
		b.next();
		b.reset();
		expect(b.attempt).toBe(0);
		expect(b.next()).toBe(1000);
	});
});
