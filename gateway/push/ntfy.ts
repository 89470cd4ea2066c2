/**
 * Publishing to an ntfy server for devices that registered a topic (doc/protocol.md "Push"): the
 * ntfy server then delivers it through Web Push, and the app's service worker reads ntfy's
 * message event. The `click` URL names the chat (`<app>/chat/<chat_id>`), the tags the kind.
 */
import { chatPath, type GatewayPush } from '../../src/lib/protocol/push';

/** ntfy's JSON publish body (`POST <server>/`). */
export interface NtfyPublish {
	topic: string;
	message: string;
	title?: string;
	tags: string[];
	click: string;
	priority?: number;
}

const TITLES: Record<GatewayPush['kind'], string> = {
	message: 'New message',
	approval: 'Approval needed',
	clarify: 'The agent has a question',
	notification: 'Notification',
	read: ''
};

/** The ntfy message for `push` on `topic`; `appUrl` is where the app is served. */
export function ntfyMessage(push: GatewayPush, topic: string, appUrl: string): NtfyPublish {
	const title = push.title ?? TITLES[push.kind];
	const message: NtfyPublish = {
		topic,
		message: push.body || title,
		title,
		tags: [push.kind],
		click: `${appUrl}${chatPath(push.chat_id)}`
	};
	// ntfy priority 4 = high: approvals and questions wait for the user.
	if (push.kind === 'approval' || push.kind === 'clarify') message.priority = 4;
	return message;
}

/** Publish `message` to the ntfy server at `server`; resolves with the HTTP status. */
export async function publishNtfy(server: string, message: NtfyPublish): Promise<number> {
	const response = await fetch(`${server}/`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(message)
	});
	await response.body?.cancel();
	return response.status;
}
