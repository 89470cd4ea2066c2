/**
 * `IRIS_AGENT=v3` for Iris-protocol apps: an `Agent` (../agents/agent.ts) whose turns are
 * answered by the connected v3 agent (./agent-relay.ts).
 *
 * One Iris turn sends the agent one `text` from `V3_IRIS_USER` (`iris`) in a session derived from
 * the channel or thread (a UUID from a hash of its scope: stable across turns and restarts, one
 * agent conversation per channel/thread), then shows what the agent answers in that session:
 * `stream_start` opens the Iris answer, each `stream` appends to it (`message.update` with the
 * text so far), `stream_end` closes it (`message.stop`); a whole `text` is the answer at once; an
 * agent `error` ends the turn with an Iris `error` (`rate_limited` stays, every other code is
 * `internal`: the Iris schema has no `offline`). No agent connected, or the agent dropping
 * mid-answer: `error{internal}` saying the v3 agent is offline.
 *
 * Not relayed: Iris attachments (the agent gets the text only) and media the agent sends
 * (`image`/`voice`/`video`/`file` before the answer closes are named in it as a line of text).
 */
import { createHash } from 'node:crypto';
import { msToV3Ts, newV3Id, V3_AGENT_ID } from '../../src/lib/protocol/hermes-v3';
import { AgentError, type Agent, type TurnInput } from '../agents/agent';
import type { TurnContext } from '../control/turn-context';
import type { Scope } from '../storage/types';
import { V3_IRIS_USER, type V3AgentRelay, type V3RoutedFrame } from './agent-relay';

/** `message.stop.model` of answers from a v3 agent. */
export const V3_AGENT_MODEL = 'v3-agent';

/** What an Iris app is told when no v3 agent is connected. */
export const V3_OFFLINE_TEXT =
	'The v3 agent is offline: no agent is connected to the gateway at /ws/agent.';

/** The v3 `session` of an Iris channel or thread: a UUID-shaped hash of its scope. */
export function v3SessionOf(scope: Scope): string {
	const key = JSON.stringify([scope.chat_id, scope.thread_id ?? null]);
	const h = createHash('sha256').update(`iris-v3:${key}`).digest('hex');
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The Iris side of the relay; `bind` hands it the gateway's relay (../server.ts). */
export class V3IrisAgent implements Agent {
	readonly description: string;
	#relay: V3AgentRelay | undefined;

	/** `keySet`: whether `IRIS_V3_AGENT_KEY` is set (else agents are refused: said in the banner). */
	constructor(keySet: boolean) {
		this.description = keySet
			? 'v3 agents connecting at /ws/agent?api_key=… (IRIS_AGENT=v3)'
			: 'v3 agents (IRIS_AGENT=v3), but IRIS_V3_AGENT_KEY is not set: every agent is refused';
	}

	/** A v3 agent picks its own model: the protocol has no way to ask for one. */
	readonly defaultModel = undefined;

	/** The v3 protocol lists no models: `/model` says so. */
	async listModels(): Promise<string[]> {
		throw new AgentError('a Hermes Chat v3 agent does not list its models');
	}

	/** Route this agent's turns through `relay` (the gateway's, once started). */
	bind(relay: V3AgentRelay): void {
		this.#relay = relay;
	}

	async turn(ctx: TurnContext, input: TurnInput): Promise<void> {
		const agent = this.#relay?.current;
		if (!this.#relay || !agent) throw new AgentError(V3_OFFLINE_TEXT);
		const relay = this.#relay;
		const session = v3SessionOf(ctx.scope);
		const id = newV3Id();
		let text = '';
		let open = false;
		/** Open the answer if needed and append `more` (nothing to append: no update). */
		const show = (more: string): void => {
			if (!open) ctx.start();
			open = true;
			if (more === '') return;
			text += more;
			ctx.write(text);
		};
		await new Promise<void>((resolve, reject) => {
			const onAbort = (): void => {
				stop();
				reject(ctx.signal.reason as Error);
			};
			const stop = relay.waitInSession(session, {
				agent,
				gone: () => {
					ctx.signal.removeEventListener('abort', onAbort);
					reject(new AgentError(`${V3_OFFLINE_TEXT} (it disconnected mid-answer)`));
				},
				frame: (f: V3RoutedFrame) => {
					const done = (): void => {
						stop();
						ctx.signal.removeEventListener('abort', onAbort);
						resolve();
					};
					if (f.type === 'stream_start') show('');
					else if (f.type === 'stream') show(f.data.text);
					else if (f.type === 'text') {
						show(open && text ? `\n\n${f.data.text}` : f.data.text);
						done();
					} else if (f.type === 'stream_end') {
						show('');
						done();
					} else if (f.type === 'error') {
						stop();
						ctx.signal.removeEventListener('abort', onAbort);
						const code = f.data.code === 'rate_limited' ? 'rate_limited' : 'internal';
						const why = f.data.text ?? f.data.code;
						reject(new AgentError(`the v3 agent answered ${f.data.code}: ${why}`, code));
					} else {
						const m = f.data.media;
						show(`${text ? '\n\n' : ''}[${f.type}: ${m.name ?? m.id}, ${m.type}, ${m.size} bytes]`);
					}
				}
			});
			if (ctx.signal.aborted) return onAbort();
			ctx.signal.addEventListener('abort', onAbort, { once: true });
			agent.send({
				id,
				type: 'text',
				from: V3_IRIS_USER,
				to: V3_AGENT_ID,
				session,
				ts: msToV3Ts(Date.now()),
				data: { text: input.text }
			});
		});
		ctx.finish({ model: V3_AGENT_MODEL });
	}
}
