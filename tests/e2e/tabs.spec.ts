import { demoReply } from '../../gateway/demo-agent';
import {
	channelLink,
	connectionStatus,
	expect,
	pairViaLink,
	type Gateway,
	replyTo,
	sendMessage,
	startsWith,
	test
} from './fixtures';
import { duplicateMessageIds, heldSteps, hook } from './faults';
import type { BrowserContext } from '@playwright/test';

/** A paired tab (the leader) and a second tab of the same profile, connected through it. */
async function twoTabs(context: BrowserContext, gateway: Gateway) {
	const leader = await context.newPage();
	await pairViaLink(leader, gateway);
	const follower = await context.newPage();
	await follower.goto(gateway.httpUrl);
	await expect(connectionStatus(follower)).toHaveText(startsWith('Connected'));
	return { leader, follower };
}

/**
 * Demo steps of the long answer before the gateway holds it (its heading and the quote are in):
 * the leader is closed while the answer is still open, however slowly the machine runs.
 */
const STEPS_BEFORE_HOLD = 10;
/**
 * Steps streamed after the leader closed, before the next hold: 40 words in all, two past the
 * "headings, quotes, lists" the test then looks for.
 */
const STEPS_IN_HANDOVER = 30;

test('tabs share one connection; closing the leader mid-stream hands over', async ({
	context,
	gateway
}) => {
	const { leader, follower } = await twoTabs(context, gateway);
	// One socket for the profile: the second tab forwards through the first.
	expect(gateway.connectionsOpened()).toBe(1);

	await sendMessage(follower, 'Sent from the second tab');
	await expect(replyTo(leader, 'Sent from the second tab')).toHaveAttribute(
		'data-status',
		'complete'
	);
	await expect(replyTo(follower, 'Sent from the second tab')).toHaveAttribute(
		'data-status',
		'complete'
	);
	expect(gateway.connectionsOpened()).toBe(1);

	const text = 'Long answer please';
	await hook(gateway, 'hold', { after: STEPS_BEFORE_HOLD });
	await sendMessage(leader, text);
	await expect.poll(() => heldSteps(gateway)).toBe(1);
	const streaming = replyTo(follower, text);
	// The follower sees the live stream (hot text), not only what the store has.
	await expect(streaming).toHaveAttribute('data-status', 'streaming');
	await expect(streaming.locator('h2')).toHaveText('Demo reply');
	await leader.close();
	// The answer streams on while no tab holds the socket (what the new leader must catch up on),
	// and is held again before its end, still open when the new leader connects.
	await hook(gateway, 'hold', { after: STEPS_IN_HANDOVER });

	// The follower's worker takes the lock and opens the profile's socket within seconds.
	await expect.poll(() => gateway.connectionsOpened(), { timeout: 10_000 }).toBe(2);
	await expect(connectionStatus(follower)).toHaveText(startsWith('Connected'));
	await expect.poll(() => heldSteps(gateway)).toBe(1);
	await expect(streaming).toHaveAttribute('data-status', 'streaming');
	await expect(streaming).toContainText('headings, quotes, lists');
	await hook(gateway, 'release');
	await expect(streaming).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
	await expect(streaming.locator('pre code')).toContainText('const reply');
	const id = (await streaming.getAttribute('data-message-id')) ?? '';
	const stored = await follower.evaluate(async (id) => {
		const { promise, resolve, reject } = Promise.withResolvers<string>();
		const open = indexedDB.open('iris');
		open.onerror = () => reject(open.error);
		open.onsuccess = () => {
			const get = open.result.transaction('messages').objectStore('messages').get(id);
			get.onsuccess = () => resolve((get.result as { text: string }).text);
		};
		return promise;
	}, id);
	// The whole reply, stored once: the demo's text, then its count of the earlier messages.
	expect(stored).toBe(`${demoReply(text)}\n\nEarlier in this conversation: 2 messages.`);
	expect(await duplicateMessageIds(follower)).toBe(0);

	// The new leader sends too.
	await sendMessage(follower, 'After the handover');
	await expect(replyTo(follower, 'After the handover')).toHaveAttribute('data-status', 'complete');
});

test('a follower tab creates a channel through the leader (feature commands)', async ({
	context,
	gateway
}) => {
	const { leader, follower } = await twoTabs(context, gateway);

	await follower.getByRole('button', { name: 'New channel', exact: true }).click();
	const dialog = follower.getByRole('dialog', { name: 'New channel', exact: true });
	await dialog.getByRole('textbox', { name: 'Name' }).fill('From the second tab');
	await dialog.getByRole('button', { name: 'Create', exact: true }).click();
	await expect(channelLink(follower, 'From the second tab')).toHaveAttribute(
		'aria-current',
		'page'
	);
	// Sent once, on the leader's socket; the leader's tab lists it from the shared store.
	await expect(channelLink(leader, 'From the second tab')).toBeVisible();
	expect(gateway.received().filter((f) => f.type === 'channel.create')).toHaveLength(1);
	expect(gateway.connectionsOpened()).toBe(1);
});
