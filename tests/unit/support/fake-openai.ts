/**
 * A fake OpenAI-compatible server, written from the documented formats: `GET /v1/models`, and
 * `POST /v1/chat/completions` with `stream: true` answering server-sent events (`data: {chunk}`,
 * keep-alive comments, a final chunk with `usage`, `data: [DONE]`). Switches make it fail.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the next completions answer: stream `chunks`, or fail with an HTTP `status`. */
export interface FakeOpenAIScript {
	/** Content pieces streamed one chunk each. */
	content: string[];
	/** Reasoning pieces streamed before the content (`delta.reasoning_content`). */
	reasoning?: string[];
	/** `usage.completion_tokens` of the final chunk. */
	completionTokens?: number;
	/** Answer with this status and no stream. */
	status?: number;
	/** Stream the first content piece, then hold the response open until the client goes. */
	hold?: boolean;
}

/** A running fake server. */
export interface FakeOpenAI {
	/** `http://127.0.0.1:PORT/v1`. */
	baseUrl: string;
	/** What each completions request asked for (its JSON body), in order. */
	requests: { model: string; messages: { role: string; content: string }[] }[];
	/** The authorization header of each request. */
	authorizations: (string | undefined)[];
	/** The ids `GET /v1/models` lists (change it to change the answer). */
	models: string[];
	/** Resolves when a held response's client went away (Stop aborted it). */
	aborted: Promise<void>;
	script: FakeOpenAIScript;
	close(): Promise<void>;
}

const MODEL = 'fake-model';

async function body(req: IncomingMessage): Promise<string> {
	let text = '';
	for await (const chunk of req) text += String(chunk);
	return text;
}

/** Start the fake on a free port of 127.0.0.1. */
export async function startFakeOpenAI(script: FakeOpenAIScript): Promise<FakeOpenAI> {
	let onAbort!: () => void;
	const fake = {
		requests: [],
		authorizations: [],
		models: [MODEL, 'fake-large'],
		aborted: new Promise<void>((resolve) => (onAbort = resolve)),
		script
	} as unknown as FakeOpenAI;
	const server: Server = createServer((req, res) => {
		fake.authorizations.push(req.headers.authorization);
		if (req.method === 'GET' && req.url === '/v1/models') {
			res.setHeader('content-type', 'application/json');
			const data = fake.models.map((id) => ({ id, object: 'model' }));
			res.end(JSON.stringify({ object: 'list', data }));
			return;
		}
		if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
			res.statusCode = 404;
			res.end();
			return;
		}
		void body(req).then((text) => {
			const request = JSON.parse(text) as FakeOpenAI['requests'][number];
			fake.requests.push(request);
			const s = fake.script;
			if (s.status) {
				res.statusCode = s.status;
				res.end(JSON.stringify({ error: { message: `status ${s.status}` } }));
				return;
			}
			res.setHeader('content-type', 'text/event-stream');
			const send = (delta: object, extra: object = {}) =>
				res.write(
					`data: ${JSON.stringify({ model: request.model, choices: [{ index: 0, delta }], ...extra })}\n\n`
				);
			res.write(': keep-alive\n\n');
			for (const piece of s.reasoning ?? []) send({ reasoning_content: piece });
			if (s.hold) {
				send({ content: s.content[0] ?? '' });
				res.on('close', onAbort);
				return;
			}
			for (const piece of s.content) send({ content: piece });
			res.write(
				`data: ${JSON.stringify({ model: request.model, choices: [], usage: { prompt_tokens: 3, completion_tokens: s.completionTokens ?? 0 } })}\n\n`
			);
			res.end('data: [DONE]\n\n');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	fake.baseUrl = `http://127.0.0.1:${port}/v1`;
	fake.close = () =>
		new Promise<void>((resolve) => {
			server.closeAllConnections();
			server.close(() => resolve());
		});
	return fake;
}
