/**
 * A bridge to an OpenAI-compatible server (`IRIS_AGENT=openai`: Ollama, llama.cpp, vLLM, LM
 * Studio, OpenAI itself): each turn is one streamed `POST {base}/chat/completions` with the
 * channel's conversation. `delta.content` is the answer, `delta.reasoning_content` (or
 * `delta.reasoning`) its reasoning, the final `usage` its tokens; Stop aborts the request.
 */
import type { TurnContext } from '../control/turn-context';
import { AgentError, type Agent, type TurnInput } from './agent';
import { sseData } from './sse';

/** Where and how to reach the server. */
export interface OpenAIOptions {
	/** Base URL up to and including `/v1`, e.g. `http://127.0.0.1:11434/v1` (`OPENAI_BASE_URL`). */
	baseUrl: string;
	/** Bearer key (`OPENAI_API_KEY`); servers on your own machine usually need none. */
	apiKey?: string;
	/** Model name (`OPENAI_MODEL`); default: the first one `GET {base}/models` lists. */
	model?: string;
	/** At most one `message.update` per this many ms while tokens stream in (default 50). */
	updateEveryMs?: number;
}

interface ChunkDelta {
	content?: string | null;
	reasoning_content?: string | null;
	reasoning?: string | null;
}

interface Chunk {
	model?: string;
	choices?: { delta?: ChunkDelta }[];
	usage?: { completion_tokens?: number } | null;
	error?: { message?: string };
}

/** An OpenAI-compatible chat server as the gateway's agent. */
export class OpenAIAgent implements Agent {
	readonly #options: OpenAIOptions;
	#model: string | undefined;

	constructor(options: OpenAIOptions) {
		this.#options = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
		this.#model = options.model;
	}

	get description(): string {
		return `OpenAI-compatible server at ${this.#options.baseUrl}, model ${this.#model ?? '(first listed)'}`;
	}

	get defaultModel(): string | undefined {
		return this.#model;
	}

	async turn(ctx: TurnContext, input: TurnInput): Promise<void> {
		const model = input.model ?? this.#model ?? (await this.#firstModel(ctx.signal));
		const messages = [
			...input.history.map((m) => ({ role: m.role, content: m.text })),
			{ role: 'user', content: input.text }
		];
		const response = await this.#fetch('/chat/completions', ctx.signal, {
			method: 'POST',
			body: JSON.stringify({
				model,
				messages,
				stream: true,
				stream_options: { include_usage: true }
			})
		});
		if (!response.body) throw new AgentError(`${this.#options.baseUrl} sent no stream`);
		ctx.start();
		let text = '';
		let reasoning: string | undefined;
		let tokens: number | undefined;
		let answeredBy = model;
		let shown = 0;
		const every = this.#options.updateEveryMs ?? 50;
		for await (const data of sseData(response.body)) {
			if (data.trim() === '[DONE]') break;
			const chunk = parseChunk(data);
			if (!chunk) continue;
			if (chunk.error)
				throw new AgentError(`the model server failed: ${chunk.error.message ?? 'error'}`);
			if (chunk.model) answeredBy = chunk.model;
			if (typeof chunk.usage?.completion_tokens === 'number')
				tokens = chunk.usage.completion_tokens;
			const delta = chunk.choices?.[0]?.delta;
			const thought = delta?.reasoning_content ?? delta?.reasoning;
			if (thought) reasoning = (reasoning ?? '') + thought;
			if (delta?.content) text += delta.content;
			// Full text in every update: at most one per `every` ms, not one per token.
			if (Date.now() - shown >= every && (delta?.content || thought)) {
				shown = Date.now();
				ctx.write(text, reasoning);
			}
		}
		ctx.write(text, reasoning);
		ctx.finish({ model: answeredBy, ...(tokens === undefined ? {} : { tokens }) });
	}

	/** `GET {base}/models`: the ids of its `data` list. */
	async listModels(signal: AbortSignal): Promise<string[]> {
		const response = await this.#fetch('/models', signal, { method: 'GET' });
		const body = (await response.json().catch(() => null)) as { data?: { id?: unknown }[] } | null;
		const ids = (Array.isArray(body?.data) ? body.data : []).map((m) => m?.id);
		return ids.filter((id): id is string => typeof id === 'string' && id !== '');
	}

	/** The first model the server lists (remembered). */
	async #firstModel(signal: AbortSignal): Promise<string> {
		const id = (await this.listModels(signal))[0];
		if (!id)
			throw new AgentError(`${this.#options.baseUrl}/models lists no model; set OPENAI_MODEL`);
		this.#model = id;
		return id;
	}

	/** `fetch` with the key, turning failures into `AgentError`s that say what to fix. */
	async #fetch(path: string, signal: AbortSignal, init: RequestInit): Promise<Response> {
		const url = `${this.#options.baseUrl}${path}`;
		const headers: Record<string, string> = { 'content-type': 'application/json' };
		if (this.#options.apiKey) headers.authorization = `Bearer ${this.#options.apiKey}`;
		let response: Response;
		try {
			response = await fetch(url, { ...init, headers, signal });
		} catch (e) {
			if (signal.aborted) throw signal.reason;
			const why =
				e instanceof Error ? ((e.cause as Error | undefined)?.message ?? e.message) : String(e);
			throw new AgentError(`cannot reach the model server at ${url}: ${why}`);
		}
		if (response.ok) return response;
		await response.body?.cancel();
		if (response.status === 401 || response.status === 403)
			throw new AgentError('OPENAI_API_KEY rejected by the model server');
		if (response.status === 429)
			throw new AgentError('the model server is rate limiting; try again shortly', 'rate_limited');
		throw new AgentError(`the model server answered ${response.status} to ${url}`);
	}
}

function parseChunk(data: string): Chunk | undefined {
	try {
		const value: unknown = JSON.parse(data);
		return typeof value === 'object' && value !== null ? (value as Chunk) : undefined;
	} catch {
		return undefined;
	}
}
