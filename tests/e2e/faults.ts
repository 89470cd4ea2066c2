/**
 * The gateway's fault-injection hooks (gateway/test-hooks.ts), for tests that start their gateway
 * with `testHooks: true`, and the exactly-once checks that go with them.
 */
import type { Page } from '@playwright/test';
import type { MessagePayload } from '../../src/lib/protocol/iris';
import { expect, messageLog, replyTo, sendMessage, type Gateway } from './fixtures';
import { walkLog, type WalkedRow } from './log-walk';

/** `fetch` of a `/__test/…` path (`path` starts with `/__test/`), with the token the hooks require. */
export function testHookFetch(
	gateway: Gateway,
	path: string,
	init: RequestInit = {}
): Promise<Response> {
	const headers = new Headers(init.headers);
	headers.set('authorization', `Bearer ${gateway.token}`);
	return fetch(`${gateway.httpUrl}${path}`, { ...init, headers });
}

/** `POST /__test/<name>?<query>` with an optional raw body; resolves with the JSON answer. */
export async function hook(
	gateway: Gateway,
	name:
		'drop' | 'refuse' | 'delay' | 'duplicate' | 'inject' | 'hold' | 'release' | 'restart' | 'reset',
	query: Record<string, string | number> = {},
	body?: string
): Promise<unknown> {
	const search = new URLSearchParams(
		Object.entries(query).map(([k, v]) => [k, String(v)])
	).toString();
	const res = await testHookFetch(gateway, `/__test/${name}${search ? `?${search}` : ''}`, {
		method: 'POST',
		body
	});
	if (!res.ok) throw new Error(`[e2e] /__test/${name}: ${res.status} ${await res.text()}`);
	return res.json();
}

/** What the gateway accepted so far (`GET /__test/state`). */
export interface GatewayState {
	stats: { sendsReceived: number; duplicateSends: number };
	connections: number;
	user_messages: MessagePayload[];
}

export async function gatewayState(gateway: Gateway): Promise<GatewayState> {
	const res = await testHookFetch(gateway, '/__test/state');
	return (await res.json()) as GatewayState;
}

/** How many demo streaming steps the gateway holds now (`GET /__test/hold`, after `hook(…, 'hold')`). */
export async function heldSteps(gateway: Gateway): Promise<number> {
	const res = await testHookFetch(gateway, '/__test/hold');
	return ((await res.json()) as { held: number }).held;
}

/** How many `data-message-id`s `page`'s message log shows more than once (must be 0). */
export async function duplicateMessageIds(page: Page): Promise<number> {
	const ids = await messageLog(page)
		.locator('article[data-message-id]')
		.evaluateAll((els) => els.map((el) => el.getAttribute('data-message-id') ?? ''));
	return ids.length - new Set(ids).size;
}

/** Send `text` and check its reply completes and the message shows once (the app still chats). */
export async function chatsOnce(page: Page, text: string): Promise<void> {
	await sendMessage(page, text);
	await expect(replyTo(page, text)).toHaveAttribute('data-status', 'complete');
	// The list is virtualized: a long reply may have scrolled the question out of the DOM.
	expect(await messagesFrom(page, 'user', text)).toHaveLength(1);
}

/** The messages of `role` whose text contains `text`, found by walking the whole log. */
export async function messagesFrom(page: Page, role: string, text: string): Promise<WalkedRow[]> {
	return (await walkLog(page)).filter((row) => row.role === role && row.text.includes(text));
}
