import { describe, expect, it, vi } from 'vitest';
import { slashKey } from '../../src/lib/components/composer/slash-keys';
import type { SlashCompletion } from '../../src/lib/state/slash.svelte';

const enter = () => ({ key: 'Enter', preventDefault: vi.fn() }) as unknown as KeyboardEvent;
const exactly = { typedExactly: true } as unknown as SlashCompletion;

describe('slashKey: Enter on a command typed in full', () => {
	it('is left to the composer where Enter sends (it sends the command)', () => {
		const pick = vi.fn();
		expect(slashKey(enter(), exactly, pick, true)).toBe(false);
		expect(pick).not.toHaveBeenCalled();
	});

	it('still picks where Enter makes a new line (a touch screen): no line break in a command', () => {
		const pick = vi.fn();
		const event = enter();
		expect(slashKey(event, exactly, pick, false)).toBe(true);
		expect(pick).toHaveBeenCalledOnce();
		expect(event.preventDefault).toHaveBeenCalled();
	});
});
