/**
 * Channel actions of the UI, through the worker (`FeatureApi`); each resolves once the gateway's
 * answer is stored, and rejects with a message fit for the user.
 */
import type { AppState } from './app.svelte';

export function channelActions(app: AppState) {
	return {
		/** Create a channel, or a thread under `parent_chat_id`; resolves with its `chat_id`. */
		async create(name: string, parent_chat_id?: string): Promise<string> {
			const api = await app.worker();
			return parent_chat_id === undefined
				? api.createChannel({ name, kind: 'channel' })
				: api.createChannel({ name, kind: 'thread', parent_chat_id });
		},
		async rename(chat_id: string, name: string): Promise<void> {
			await (await app.worker()).renameChannel(chat_id, name);
		},
		async setDefault(chat_id: string): Promise<void> {
			await (await app.worker()).setDefaultChannel(chat_id);
		},
		async remove(chat_id: string): Promise<void> {
			await (await app.worker()).deleteChannel(chat_id);
		}
	};
}
