/**
 * A fake Hermes Agent API server, written from the runs API's documented formats:
 * `POST /v1/runs` → `{ run_id }` (or `{ id }`), `GET /v1/runs/{id}/events` → SSE `data:` lines
 * with JSON events (`event` field) and `: ping` keep-alives, `POST /v1/runs/{id}/approval`
 * (`{ choice }`; 409 when nothing is pending), `POST /v1/runs/{id}/stop` (→ `run.cancelled`),
 * `GET /v1/models` (OpenAI's list format: `{ object: "list", data: [{ id }] }`).
 * Switches make it fail (status) or wait (approval, hold).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One step of a run's event stream: an event sent as is; `approval.request` also waits for
 * the approval POST before the next step; `{ hold: true }` waits for the stop POST, then sends
 * `run.cancelled` and ends the stream.
 */
export type FakeHermesStep = { event: string; [field: string]: unknown } | { hold: true };

/** What the next run does. */
export interface FakeHermesScript {
	steps: FakeHermesStep[];
	/** `POST /v1/runs` answers this status instead (401, 429, …). */
	status?: number;
	/** Name the run id `id` instead of `run_id` in the answer. */
	idField?: 'run_id' | 'id';
	/** Send a `: ping` comment before every step. */
	keepAlive?: boolean;
	/** Answer `POST /v1/runs` only once `release()` is called. */
	holdStart?: boolean;
}

/** A run request as received. */
export interface FakeRunRequest {
	body: {
		input: string;
		session_id: string;
		conversation_history: { role: string; content: string }[];
		model?: string;
	};
	idempotencyKey: string | undefined;
	authorization: string | undefined;
}

/** A running fake server. */
export interface FakeHermes {
	/** `http://127.0.0.1:PORT` (no `/v1`). */
	url: string;
	script: FakeHermesScript;
	runs: FakeRunRequest[];
	/** The ids `GET /v1/models` lists (change it to change the answer). */
	models: string[];
	/** Every approval POST: the run and the body's `choice`, and the status answered. */
	approvals: { runId: string; choice: unknown; status: number }[];
	/** Run ids whose stop endpoint was called. */
	stops: string[];
	/** Resolves with the run id at the next stop POST. */
	stopped(): Promise<string>;
	/** Resolves once a `POST /v1/runs` is waiting (`holdStart`). */
	startHeld(): Promise<void>;
	/** Let a held `POST /v1/runs` answer. */
	release(): void;
	close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
	let text = '';
	for await (const chunk of req) text += String(chunk);
	return text;
}

interface Run {
	steps: FakeHermesStep[];
	keepAlive: boolean;
	/** Resolves the wait of a pending approval; undefined when none is pending. */
	approve?: () => void;
	/** Resolves the wait of a held stream. */
	stop?: () => void;
	stopRequested: boolean;
}

/** Start the fake on a free port of 127.0.0.1. */
export async function startFakeHermes(script: FakeHermesScript): Promise<FakeHermes> {
	const runs = new Map<string, Run>();
	let stopWaiters: ((id: string) => void)[] = [];
	const fake = {
		script,
		runs: [],
		models: ['hermes-agent', 'hermes-large'],
		approvals: [],
		stops: []
	} as unknown as FakeHermes;
	fake.stopped = () => new Promise((resolve) => stopWaiters.push(resolve));
	let held!: () => void;
	const startHeld = new Promise<void>((resolve) => (held = resolve));
	let releaseStart!: () => void;
	const released = new Promise<void>((resolve) => (releaseStart = resolve));
	fake.startHeld = () => startHeld;
	fake.release = () => releaseStart();

	const json = (res: ServerResponse, status: number, value: unknown) => {
		res.statusCode = status;
		res.setHeader('content-type', 'application/json');
		res.end(JSON.stringify(value));
	};

	async function stream(run: Run, res: ServerResponse): Promise<void> {
		res.setHeader('content-type', 'text/event-stream');
		for (const step of run.steps) {
			if (run.keepAlive) res.write(': ping\n\n');
			if ('hold' in step) {
				if (!run.stopRequested) await new Promise<void>((resolve) => (run.stop = resolve));
				res.end(`data: ${JSON.stringify({ event: 'run.cancelled' })}\n\n`);
				return;
			}
			res.write(`data: ${JSON.stringify(step)}\n\n`);
			if (step.event === 'approval.request')
				await new Promise<void>((resolve) => (run.approve = resolve));
		}
		res.end();
	}

	const server = createServer((req, res) => {
		void (async () => {
			const text = await readBody(req);
			const auth = req.headers.authorization;
			if (req.method === 'POST' && req.url === '/v1/runs') {
				const s = fake.script;
				fake.runs.push({
					body: JSON.parse(text) as FakeRunRequest['body'],
					idempotencyKey: req.headers['idempotency-key'] as string | undefined,
					authorization: auth
				});
				if (s.status) return json(res, s.status, { error: { message: `status ${s.status}` } });
				if (s.holdStart) {
					held();
					await released;
				}
				const id = `run_${fake.runs.length}`;
				runs.set(id, { steps: s.steps, keepAlive: !!s.keepAlive, stopRequested: false });
				return json(res, 202, { [s.idField ?? 'run_id']: id, status: 'started' });
			}
			if (req.method === 'GET' && req.url === '/v1/models') {
				const data = fake.models.map((id) => ({ id, object: 'model', owned_by: 'hermes' }));
				return json(res, 200, { object: 'list', data });
			}
			const m = /^\/v1\/runs\/([^/]+)\/(events|approval|stop)$/.exec(req.url ?? '');
			const run = m ? runs.get(decodeURIComponent(m[1]!)) : undefined;
			if (!m || !run) return json(res, 404, { error: 'no such run' });
			const runId = decodeURIComponent(m[1]!);
			if (m[2] === 'events' && req.method === 'GET') return stream(run, res);
			if (m[2] === 'approval' && req.method === 'POST') {
				const { choice } = JSON.parse(text || '{}') as { choice?: unknown };
				const pending = run.approve;
				fake.approvals.push({ runId, choice, status: pending ? 200 : 409 });
				if (!pending) return json(res, 409, { error: 'no approval pending' });
				run.approve = undefined;
				json(res, 200, { ok: true });
				return pending();
			}
			if (m[2] === 'stop' && req.method === 'POST') {
				fake.stops.push(runId);
				run.stopRequested = true;
				run.stop?.();
				for (const waiter of stopWaiters) waiter(runId);
				stopWaiters = [];
				return json(res, 200, { ok: true });
			}
			json(res, 405, { error: 'method not allowed' });
		})();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	fake.close = () =>
		new Promise<void>((resolve) => {
			server.closeAllConnections();
			server.close(() => resolve());
		});
	return fake;
}
