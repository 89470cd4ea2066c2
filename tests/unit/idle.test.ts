import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../src/lib/platform/idle';

afterEach(() => {
	vi.unstubAllGlobals();
	vi.useRealTimers();
	vi.restoreAllMocks();
});

describe('whenIdle', () => {
	it('runs the task from requestIdleCallback, not before', () => {
		const callbacks: (() => void)[] = [];
		vi.stubGlobal('requestIdleCallback', (cb: () => void) => callbacks.push(cb));
		const task = vi.fn();
		whenIdle(task);
		expect(task).not.toHaveBeenCalled();
		callbacks[0]!();
		expect(task).toHaveBeenCalledOnce();
	});

	it('without requestIdleCallback (Safari), runs the task after the next frame', async () => {
		vi.stubGlobal('requestIdleCallback', undefined);
		const frames: (() => void)[] = [];
		vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
		const task = vi.fn();
		whenIdle(task);
		// Asked for after `task`: runs after it.
		const ran = new Promise<void>((resolve) => whenIdle(resolve));
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(task).not.toHaveBeenCalled();
		// The frame is painted: the task runs in the task after it (platform/after-paint.ts).
		frames.forEach((frame) => frame());
		await ran;
		expect(task).toHaveBeenCalledOnce();
	});

	it('without either, runs the task from a timeout', () => {
		vi.stubGlobal('requestIdleCallback', undefined);
		vi.stubGlobal('requestAnimationFrame', undefined);
		vi.useFakeTimers();
		const task = vi.fn();
		whenIdle(task);
		expect(task).not.toHaveBeenCalled();
		vi.runAllTimers();
		expect(task).toHaveBeenCalledOnce();
	});

	it('reports a failing task to the console instead of throwing', () => {
		const callbacks: (() => void)[] = [];
		vi.stubGlobal('requestIdleCallback', (cb: () => void) => callbacks.push(cb));
		const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
		whenIdle(() => {
			throw new Error('no');
		});
		expect(() => callbacks[0]!()).not.toThrow();
		expect(logged).toHaveBeenCalledWith('[app] idle task failed', expect.any(Error));
	});
});
