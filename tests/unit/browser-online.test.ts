import { describe, expect, it } from 'vitest';
import { shownStatus } from '$lib/state/browser-online.svelte';

describe('shownStatus', () => {
	it('shows a link still trying as offline while the page is offline', () => {
		expect(shownStatus({ state: 'reconnecting', retry_in_ms: 2000 }, false)).toEqual({
			state: 'offline'
		});
		expect(shownStatus({ state: 'connecting' }, false)).toEqual({ state: 'offline' });
	});

	it('shows every other state as it is', () => {
		expect(shownStatus({ state: 'reconnecting', retry_in_ms: 2000 }, true)).toEqual({
			state: 'reconnecting',
			retry_in_ms: 2000
		});
		expect(shownStatus({ state: 'connected' }, false)).toEqual({ state: 'connected' });
		expect(shownStatus({ state: 'auth_failed' }, false)).toEqual({ state: 'auth_failed' });
	});
});
