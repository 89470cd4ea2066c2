/**
 * The fake Hermes Agent API server's scripts, requests and handle (./fake-hermes.ts, which
 * describes the formats it speaks).
 */

/** One step of a run's event stream. */
export type FakeHermesStep =
	/** Sent as is; `approval.request` / `clarify.request` then wait for their POST. */
	| { event: string; [field: string]: unknown }
	/** Wait for the stop POST, then send `run.cancelled` and end the stream. */
	| { hold: true }
	/** Wait for a steer POST (answered 200), then send `message.delta` "Steered: <text>. ". */
	| { waitSteer: true }
	/**
	 * Cut the connection here (the run goes on): `meanwhile` steps happen while no one listens
	 * (they count in `GET /v1/runs/{id}`); the next events request gets the steps after them.
	 */
	| { cut: true; meanwhile?: { event: string; [field: string]: unknown }[] };

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

/** A POST to a run's approval, clarify or steer endpoint: its body and the status answered. */
export interface FakePost {
	runId: string;
	body: Record<string, unknown>;
	status: number;
}

/** A running fake server. */
export interface FakeHermes {
	/** `http://127.0.0.1:PORT` (no `/v1`). */
	url: string;
	script: FakeHermesScript;
	/** The body of `GET /v1/capabilities`; undefined: 404 (a server without the endpoint). */
	capabilities: Record<string, unknown> | undefined;
	/** The status a steer POST gets (default 200; 409: the run cannot take it). */
	steerStatus: number;
	/** False: `GET /v1/runs/{id}` answers 404 (a server without the run state endpoint). */
	runState: boolean;
	runs: FakeRunRequest[];
	/** The ids `GET /v1/models` lists (change it to change the answer). */
	models: string[];
	/** Every approval POST: the run and the body's `choice`, and the status answered. */
	approvals: { runId: string; choice: unknown; status: number }[];
	clarifications: FakePost[];
	steers: FakePost[];
	/** Run ids whose stop endpoint was called. */
	stops: string[];
	/** How many `GET /v1/capabilities` and `GET /v1/runs/{id}` requests came. */
	probes: number;
	snapshots: number;
	/** Resolves with the run id at the next stop POST. */
	stopped(): Promise<string>;
	/** Resolves once a `POST /v1/runs` is waiting (`holdStart`). */
	startHeld(): Promise<void>;
	/** Let a held `POST /v1/runs` answer. */
	release(): void;
	/** Stop listening and cut every connection (the port stays reserved for `up`). */
	down(): Promise<void>;
	/** Listen again on the same port. */
	up(): Promise<void>;
	close(): Promise<void>;
}
