/**
 * `/model`: the model of a channel. `/model` alone asks with a `picker.model` listing what the
 * agent offers (the demo: a fixed list; OpenAI-compatible: `GET {OPENAI_BASE_URL}/models`;
 * Hermes: `GET {HERMES_API_URL}/v1/models`); `/model <name>` sets it directly. The choice is
 * stored per channel (./conversation.ts) and every later turn there asks for it; the answer's
 * `message.stop.model` then names it.
 */
import type { ServerPayloads } from '../../src/lib/protocol/iris';
import { DEMO_MODEL } from '../demo-agent';
import { DEMO_PROVIDERS } from '../demo/pickers';
import type { Hub } from '../hub';
import type { Scope } from '../storage/types';
import { runControlled } from '../control/run-controlled';
import { channelModel, setChannelModel } from './conversation';
import { code, postNote } from './notes';

/** The providers of a `picker.model`. */
type Providers = NonNullable<ServerPayloads['picker.model']['providers']>;

/** The provider id under which an agent server's own models are listed. */
const AGENT_PROVIDER = 'agent';

/** The demo's fixed list: its own echo model first, then the demo providers. */
function demoProviders(): Providers {
	const own = { id: 'demo', label: 'Demo', models: [{ id: DEMO_MODEL, label: 'Demo echo' }] };
	return [own, ...DEMO_PROVIDERS];
}

/** The model a turn in `chatId` uses now (the channel's choice, else the agent's default). */
export function currentModel(hub: Hub, chatId: string): string | undefined {
	const agent = hub.options.agent;
	return channelModel(hub, chatId) ?? (agent ? agent.defaultModel : DEMO_MODEL);
}

/** The models to offer; rejects with the agent's `AgentError` when it cannot list them. */
async function providersOf(hub: Hub, signal: AbortSignal): Promise<Providers> {
	const agent = hub.options.agent;
	if (!agent) return demoProviders();
	const ids = await agent.listModels(signal);
	if (ids.length === 0) return [];
	const models = ids.map((id) => ({ id, label: id }));
	return [{ id: AGENT_PROVIDER, label: 'Available models', models }];
}

/** Set the channel's model to `name` and say so. */
export function setModel(hub: Hub, scope: Scope, name: string): void {
	setChannelModel(hub, scope.chat_id, name);
	hub.log(`model of ${scope.chat_id} set to ${JSON.stringify(name)}`);
	postNote(hub, scope, `Model for this channel: ${code(name)}. Later answers here use it.`);
}

/**
 * `/model` without a name, as a turn of `scope`: list the models, ask with `picker.model` (tied
 * to a note that says which model is current), then set the one chosen. Resolves after
 * `agent.idle`; a Stop while it waits ends it with nothing changed.
 */
export async function runModelPicker(hub: Hub, scope: Scope, signal: AbortSignal): Promise<void> {
	await runControlled(hub, scope, signal, async (ctx) => {
		let providers: Providers;
		try {
			providers = await providersOf(hub, ctx.signal);
		} catch (e) {
			if (ctx.signal.aborted) throw e;
			const why = e instanceof Error ? e.message : String(e);
			postNote(hub, scope, `Could not list the models: ${why}`);
			return;
		}
		if (providers.length === 0) {
			postNote(hub, scope, 'The agent lists no models; `/model <name>` sets one by name.');
			return;
		}
		const current = currentModel(hub, scope.chat_id);
		const provider = providers.find((p) => p.models?.some((m) => m.id === current));
		const shown = current === undefined ? 'the agent’s default' : code(current);
		const noteId = postNote(hub, scope, `Choose the model for this channel (now ${shown}).`);
		const values = providers.flatMap((p) => (p.models ?? []).map((m) => `${p.id}:${m.id}`));
		const value = await ctx.ask(
			'picker.model',
			{
				message_id: noteId,
				...(current === undefined ? {} : { current_model: current }),
				...(provider?.id === undefined ? {} : { current_provider: provider.id }),
				providers
			},
			values
		);
		// Values are `<provider id>:<model id>`; a model id may hold `:` itself (`llama3:8b`).
		const chosen = providers.find((p) => value.startsWith(`${p.id}:`));
		setModel(hub, scope, chosen ? value.slice(chosen.id.length + 1) : value);
	});
}
