/**
 * Demo scenarios for in-app notifications, cron and gateway status:
 * - `/demo notify <kind> [title]`: a `notification` of that kind (channel_renamed, channel_created,
 *   cron, approval, clarify, generic) scoped to the current channel;
 * - `/demo cron [job]`: a cron `notification` and a cron `message` (role `cron`), as the scheduled
 *   job `job` (default `daily-report`) would;
 * - `/demo status`: `status` restarting, then online again (100 demo steps later);
 * - `/demo alert`: an `error` without request id (the app shows a dismissible banner).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { frame, type MessagePayload, type ServerPayloads } from '../../src/lib/protocol/iris';
import type { Hub } from '../hub';
import type { Scope } from '../storage/types';
import { registerScenario } from './scenarios';

type Kind = NonNullable<ServerPayloads['notification']['kind']>;
const KINDS: readonly Kind[] = [
	'channel_renamed',
	'channel_created',
	'cron',
	'approval',
	'clarify',
	'generic'
];

/** Delay before `/demo status` reports online again, in demo steps. */
const RESTART_STEPS = 100;

function notify(hub: Hub, scope: Scope, kind: Kind, title: string, body?: string): void {
	const payload: ServerPayloads['notification'] = { kind, title, ts: hub.clock.next() };
	if (body !== undefined) payload.body = body;
	hub.broadcast(frame('notification', payload, scope), { record: true });
}

registerScenario('notify', async (hub, scope, args) => {
	const [word = 'generic', ...rest] = args.split(/\s+/).filter(Boolean);
	const kind = KINDS.find((k) => k === word) ?? 'generic';
	notify(hub, scope, kind, rest.join(' ') || `Demo ${kind} notification`, 'Sent by /demo notify');
});

registerScenario('cron', async (hub, scope, args) => {
	const job = args.trim().split(/\s+/)[0] || 'daily-report';
	notify(hub, scope, 'cron', `Cron Job: ${job}`, 'Finished: 3 new items summarised.');
	const message: MessagePayload = {
		message_id: hub.messages.nextMessageId(),
		role: 'cron',
		text: `Cron **${job}**: 3 new items summarised.`,
		ts: hub.clock.next()
	};
	hub.atomically(() => {
		hub.messages.add({ scope, message });
		hub.broadcast(frame('message', message, scope), { record: true });
	});
});

registerScenario('status', async (hub, _scope, _args, signal) => {
	hub.state = 'restarting';
	hub.broadcast(frame('status', { state: 'restarting' as const }), { record: false });
	await sleep(hub.options.demoStepMs * RESTART_STEPS, undefined, { signal });
	hub.state = 'online';
	hub.broadcast(frame('status', { state: 'online' as const }), { record: false });
});

registerScenario('alert', async (hub) => {
	// An `error` without request id: nobody asked, so the app shows it as a banner.
	hub.broadcast(
		frame('error', { code: 'internal' as const, message: 'Demo: the agent hit an internal error' }),
		{ record: false }
	);
});
