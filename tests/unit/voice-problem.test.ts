import { describe, expect, it } from 'vitest';
import { voiceProblem } from '../../src/lib/components/media/voice-recording.svelte';

describe('voiceProblem', () => {
	const error = (name: string) => new DOMException('browser text', name);

	it('names a refusal, a missing microphone and a busy one, in words for people', () => {
		expect(voiceProblem(error('NotAllowedError'))).toMatch(/microphone access is blocked/);
		expect(voiceProblem(error('SecurityError'))).toMatch(/microphone access is blocked/);
		expect(voiceProblem(error('NotFoundError'))).toBe('Cannot record: no microphone was found.');
		expect(voiceProblem(error('NotReadableError'))).toMatch(/in use by another app/);
	});

	it('anything else is a general failure, never the browser’s own text', () => {
		for (const e of [error('NotSupportedError'), new TypeError('x'), 'weird', undefined]) {
			expect(voiceProblem(e)).toBe('Cannot record: this browser could not start a recording.');
		}
	});
});
