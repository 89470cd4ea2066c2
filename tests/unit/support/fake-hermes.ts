/**
 * A fake Hermes Agent API server, written from the runs API's documented formats (and, for
 * capabilities, steer, clarify and a run's state, the formats doc/agents.md assumes):
 * `POST /v1/runs` → `{ run_id }` (or `{ id }`), `GET /v1/runs/{id}/events` → SSE `data:` lines
 * with JSON events (`event` field) and `: ping` keep-alives, `GET /v1/runs/{id}` → `{ status,
 * output }`, `POST /v1/runs/{id}/approval` (`{ choice }`) and `/clarify` (`{ answer }`; 409 when
 * nothing is pending), `/steer` (`{ text }`), `/stop` (→ `run.cancelled`),
 * `GET /v1/capabilities` (404 unless `capabilities` is set), `GET /v1/models` (OpenAI's list
 * format: `{ object: "list", data: [{ id }] }`). Switches make it fail (status), wait (approval,
 * clarify, steer, hold), cut a stream mid-run, or go down and come back up.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type {
	FakeHermes,
	FakeHermesScript,
	FakeHermesStep,
	FakePost,
	FakeRunRequest
} from './fake-hermes-types';

export type { FakeHermes, FakeHermesScript, FakeHermesStep, FakePost, FakeRunRequest };

async function readBody(req: IncomingMessage): Promise<string> {
	let text = '';
	for await (const chunk of req) text += String(chunk);
	return text;
}

interface Run {
	steps: FakeHermesStep[];
	/** The next step to play. */
	at: number;
	keepAlive: boolean;
	status: 'running' | 'completed' | 'failed' | 'cancelled';
	/** The answer so far (`message.delta`s played, streamed or not). */
	output: string;
	/** Resolves the wait of a pending approval / clarify / steer; undefined when none. */
	approve?: () => void;
	clarify?: () => void;
	steer?: (text: string) => void;
	/** Resolves the wait of a held stream. */
	stop?: () => void;
	stopRequested: boolean;
}

/** A step happened: the run's state (`GET /v1/runs/{id}`) follows it. */
function play(run: Run, step: { event: string; [field: string]: unknown }): void {
	if (step.event === 'message.delta') run.output += String(step.delta ?? '');
	if (step.event === 'run.completed') run.status = 'completed';
	if (step.event === 'run.failed') run.status = 'failed';
	if (step.event === 'run.cancelled') run.status = 'cancelled';
}

/** Start the fake on a free port of 127.0.0.1. */
export async function startFakeHermes(script: FakeHermesScript): Promise<FakeHermes> {
	const runs = new Map<string, Run>();
	let stopWaiters: ((id: string) => void)[] = [];
	const fake = {
		script,
		capabilities: undefined,
		steerStatus: 200,
		runState: true,
		runs: [],
		models: ['hermes-agent', 'hermes-large'],
		approvals: [],
		clarifications: [],
		steers: [],
		stops: [],
		probes: 0,
		snapshots: 0
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
	const send = (res: ServerResponse, run: Run, event: { event: string; [f: string]: unknown }) => {
		res.write(`data: ${JSON.stringify(event)}\n\n`);
		play(run, event);
	};

	async function stream(run: Run, res: ServerResponse): Promise<void> {
		res.setHeader('content-type', 'text/event-stream');
		res.flushHeaders();
		while (run.at < run.steps.length) {
			const step = run.steps[run.at++]!;
			if (run.keepAlive) res.write(': ping\n\n');
			if ('hold' in step) {
				if (!run.stopRequested) await new Promise<void>((resolve) => (run.stop = resolve));
				send(res, run, { event: 'run.cancelled' });
				return void res.end();
			}
			if ('cut' in step) {
				// (`in` cannot narrow away the event step's index signature.)
				const { meanwhile = [] } = step as Extract<FakeHermesStep, { cut: true }>;
				for (const missed of meanwhile) play(run, missed);
				// What was written goes out first (a destroy drops writes still buffered).
				await new Promise<void>((resolve) => res.write(': cut\n\n', () => resolve()));
				return void res.destroy();
			}
			if ('waitSteer' in step) {
				const text = await new Promise<string>((resolve) => (run.steer = resolve));
				send(res, run, { event: 'message.delta', delta: `Steered: ${text}. ` });
				continue;
			}
			send(res, run, step);
			if (step.event === 'approval.request')
				await new Promise<void>((resolve) => (run.approve = resolve));
			if (step.event === 'clarify.request')
				await new Promise<void>((resolve) => (run.clarify = resolve));
		}
		res.end();
	}

	/** A POST that resumes a waiting step (`pending`), or 409 when none waits. */
	function resume(
		res: ServerResponse,
		log: FakePost[],
		runId: string,
		body: Record<string, unknown>,
		pending: (() => void) | undefined
	): void {
		log.push({ runId, body, status: pending ? 200 : 409 });
		if (!pending) return json(res, 409, { error: 'nothing pending' });
		json(res, 200, { ok: true });
		pending();
	}

	const server = createServer((req, res) => {
		void (async () => {
			const text = await readBody(req);
			const auth = req.headers.authorization;
			if (req.method === 'GET' && req.url === '/v1/capabilities') {
				fake.probes += 1;
				if (!fake.capabilities) return json(res, 404, { error: 'not found' });
				return json(res, 200, fake.capabilities);
			}
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
				runs.set(id, {
					steps: s.steps,
					at: 0,
					keepAlive: !!s.keepAlive,
					status: 'running',
					output: '',
					stopRequested: false
				});
				return json(res, 202, { [s.idField ?? 'run_id']: id, status: 'started' });
			}
			if (req.method === 'GET' && req.url === '/v1/models') {
				const data = fake.models.map((id) => ({ id, object: 'model', owned_by: 'hermes' }));
				return json(res, 200, { object: 'list', data });
			}
			const m = /^\/v1\/runs\/([^/]+)(?:\/(events|approval|clarify|steer|stop))?$/.exec(
				req.url ?? ''
			);
			const run = m ? runs.get(decodeURIComponent(m[1]!)) : undefined;
			if (!m || !run) return json(res, 404, { error: 'no such run' });
			const runId = decodeURIComponent(m[1]!);
			const body = JSON.parse(text || '{}') as Record<string, unknown>;
			if (m[2] === undefined && req.method === 'GET') {
				fake.snapshots += 1;
				if (!fake.runState) return json(res, 404, { error: 'not found' });
				return json(res, 200, { run_id: runId, status: run.status, output: run.output });
			}
			if (m[2] === 'events' && req.method === 'GET') return stream(run, res);
			if (m[2] === 'approval' && req.method === 'POST') {
				const pending = run.approve;
				fake.approvals.push({ runId, choice: body.choice, status: pending ? 200 : 409 });
				if (!pending) return json(res, 409, { error: 'no approval pending' });
				run.approve = undefined;
				json(res, 200, { ok: true });
				return pending();
			}
			if (m[2] === 'clarify' && req.method === 'POST') {
				const pending = run.clarify;
				run.clarify = undefined;
				return resume(res, fake.clarifications, runId, body, pending);
			}
			if (m[2] === 'steer' && req.method === 'POST') {
				fake.steers.push({ runId, body, status: fake.steerStatus });
				if (fake.steerStatus !== 200) return json(res, fake.steerStatus, { error: 'refused' });
				json(res, 200, { ok: true });
				const waiting = run.steer;
				run.steer = undefined;
				return waiting?.(String(body.text));
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
	const listen = (at: number) => new Promise<void>((r) => server.listen(at, '127.0.0.1', r));
	await listen(0);
	const port = (server.address() as AddressInfo).port;
	fake.url = `http://127.0.0.1:${port}`;
	let listening = true;
	fake.down = () =>
		new Promise<void>((resolve) => {
			listening = false;
			server.closeAllConnections();
			server.close(() => resolve());
		});
	fake.up = () => listen(port).then(() => void (listening = true));
	fake.close = () => (listening ? fake.down() : Promise.resolve());
	return fake;
}
