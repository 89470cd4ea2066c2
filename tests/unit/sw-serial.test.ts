import { describe, expect, it } from 'vitest';
import { serialQueue } from '../../src/service-worker/serial';

describe('serialQueue', () => {
	it('runs work one after another, in order', async () => {
		const enqueue = serialQueue();
		const log: string[] = [];
		let release!: () => void;
		const gate = new Promise<void>((resolve) => (release = resolve));
		const first = enqueue(async () => {
			log.push('first start');
			await gate;
			log.push('first end');
		});
		const second = enqueue(async () => {
			log.push('second');
		});
		await Promise.resolve();
		expect(log).toEqual(['first start']);
		release();
		await Promise.all([first, second]);
		expect(log).toEqual(['first start', 'first end', 'second']);
	});

	it('goes on after a piece of work fails, and reports that failure to its caller', async () => {
		const enqueue = serialQueue();
		const ran: string[] = [];
		const failing = enqueue(async () => {
			throw new Error('showNotification refused');
		});
		const next = enqueue(async () => {
			ran.push('next');
		});
		await expect(failing).rejects.toThrow('showNotification refused');
		await next;
		expect(ran).toEqual(['next']);
	});
});
