/**
 * One gateway per agent kind (demo, OpenAI-compatible against its fake, Hermes against its fake)
 * for the slash-command tests, with a uniform view of what the agent was asked: its input, the
 * history it got, the model and (Hermes) the session id.
 */
import type { ServerFrame, ServerFrameOf } from '../../../src/lib/protocol/iris';
import { HermesAgent } from '../../../gateway/agents/hermes';
import { OpenAIAgent } from '../../../gateway/agents/openai';
import type { GatewayStore } from '../../../gateway/storage/types';
import { TestClient, startTestGateway, type TestGateway } from '../gateway-helpers';
import { startFakeHermes, type FakeHermes, type FakeHermesStep } from './fake-hermes';
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai';

export type AgentKind = 'demo' | 'openai' | 'hermes';

/** What the agent was asked in one turn. */
export interface Ask {
	input: string;
	/** The texts of the history, oldest first (the demo tells only how many: `history` filled with '?'). */
	history: string[];
	model?: string;
	/** Hermes: the session id of the run. */
	session?: string;
}

/** A gateway with one paired client and its agent's fake server. */
export interface Harness {
	kind: AgentKind;
	t: TestGateway;
	client: TestClient;
	openai?: FakeOpenAI;
	hermes?: FakeHermes;
	/** What the agent was asked, oldest first. */
	asks(): Ask[];
	close(): Promise<void>;
}

const completed = { event: 'run.completed', usage: { output_tokens: 7 } };

/** Hermes steps of an ordinary answer. */
export const HERMES_ANSWER: FakeHermesStep[] = [
	{ event: 'message.delta', delta: 'Hermes answers.' },
	completed
];

/** The demo's asks, read from its replies (the quoted text, the "Earlier …" note). */
function demoAsks(client: TestClient): Ask[] {
	return client.frames.flatMap((f) => {
		if (f.type !== 'message.stop') return [];
		const text = f.payload.final_text ?? '';
		const said = /You said:\n\n> (.*)/.exec(text);
		if (!said) return [];
		const n = Number(/Earlier in this conversation: (\d+) messages/.exec(text)?.[1] ?? 0);
		const model = f.payload.model;
		return [{ input: said[1]!, history: Array<string>(n).fill('?'), ...(model ? { model } : {}) }];
	});
}

/** Start a gateway answering with `kind` (on `store` when given) and pair a client. */
export async function startHarness(kind: AgentKind, store?: GatewayStore): Promise<Harness> {
	const h = { kind } as Harness;
	const extra = store ? { store } : {};
	if (kind === 'openai') {
		h.openai = await startFakeOpenAI({ content: ['OpenAI ', 'answers.'], completionTokens: 5 });
		const agent = new OpenAIAgent({ baseUrl: h.openai.baseUrl, updateEveryMs: 0 });
		h.t = await startTestGateway({ agent, ...extra });
		h.asks = () =>
			h.openai!.requests.map((r) => ({
				input: r.messages.at(-1)!.content,
				history: r.messages.slice(0, -1).map((m) => m.content),
				model: r.model
			}));
	} else if (kind === 'hermes') {
		h.hermes = await startFakeHermes({ steps: HERMES_ANSWER });
		// A server that takes steering, so `/steer` reaches the run (without it a steer is queued
		// as the next message: gateway-hermes-runs.test.ts).
		h.hermes.capabilities = { capabilities: { steer: true, clarify: true } };
		const agent = new HermesAgent({ url: h.hermes.url, updateEveryMs: 0 });
		h.t = await startTestGateway({ agent, ...extra });
		h.asks = () =>
			h.hermes!.runs.map((r) => ({
				input: r.body.input,
				history: r.body.conversation_history.map((m) => m.content),
				...(r.body.model ? { model: r.body.model } : {}),
				session: r.body.session_id
			}));
	} else {
		h.t = await startTestGateway(extra);
		h.asks = () => demoAsks(h.client);
	}
	[h.client] = await TestClient.paired(h.t.gw.wsUrl);
	h.close = async () => {
		await h.client.close();
		await h.t.stop();
		await h.openai?.close();
		await h.hermes?.close();
	};
	return h;
}

/** Send `text` and wait for the turn it starts to end (`agent.idle`); the frames since. */
export async function turn(h: Harness, text: string): Promise<ServerFrame[]> {
	const from = h.client.frames.length;
	await h.client.request('message.send', { text });
	await h.client.waitFor((f) => f.type === 'agent.idle', from, `agent.idle after ${text}`);
	return h.client.frames.slice(from);
}

/** Send a command answered by a note alone; resolves with the note's text. */
export async function note(h: Harness, text: string): Promise<string> {
	const from = h.client.frames.length;
	await h.client.request('message.send', { text });
	const f = (await h.client.waitFor(
		(f) => f.type === 'message' && f.payload.role === 'system',
		from,
		`the note answering ${text}`
	)) as ServerFrameOf<'message'>;
	return f.payload.text ?? '';
}

/** The `message.stop` of the frames (the answer). */
export function stopOf(frames: ServerFrame[]): ServerFrameOf<'message.stop'>['payload'] {
	const f = frames.find((f) => f.type === 'message.stop') as ServerFrameOf<'message.stop'>;
	if (!f) throw new Error('no message.stop in the frames');
	return f.payload;
}
