/**
 * What the Hermes Agent API server offers beyond the basic runs API, and whether it can be
 * reached at all (doc/agents.md "Capabilities and faults"):
 * - `GET /v1/capabilities` at start, and again each time the server answers after being down;
 *   a 404 (an older server) means the basic runs API only;
 * - unreachable (at start, or a turn could not connect) → the gateway reports `degraded` and
 *   probes again with backoff until the server answers, then reports `online`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { AgentHost } from './agent';

/** What the server offers (false: not offered, or not said). */
export interface HermesCapabilities {
	/** Whether `GET /v1/capabilities` answered with a list (false: 404, basic runs API assumed). */
	probed: boolean;
	/** `POST /v1/runs/{id}/steer {text}`: a text taken into the running run. */
	steer: boolean;
	/** `POST /v1/runs/{id}/clarify {answer}`: the answer to a `clarify.request`. */
	clarify: boolean;
}

/** The basic runs API only: what a server without `/v1/capabilities` is assumed to offer. */
export const BASIC_CAPABILITIES: HermesCapabilities = {
	probed: false,
	steer: false,
	clarify: false
};

/**
 * The capabilities in a `GET /v1/capabilities` body. Accepted shapes (the format is assumed,
 * see doc/agents.md): names as booleans, flat or under `capabilities`
 * (`{"capabilities": {"steer": true, "clarify": true}}`), or a list of names under
 * `capabilities` or `features` (`{"capabilities": ["runs", "steer", "clarify"]}`).
 */
export function parseCapabilities(body: unknown): HermesCapabilities {
	const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
	const inner = record.capabilities ?? record.features ?? record;
	const has = (name: string): boolean => {
		if (Array.isArray(inner)) return inner.includes(name);
		if (typeof inner !== 'object' || inner === null) return false;
		const value = (inner as Record<string, unknown>)[name];
		// `{"steer": {"enabled": true}}` is read as offered too.
		return value === true || (typeof value === 'object' && value !== null);
	};
	return { probed: true, steer: has('steer'), clarify: has('clarify') };
}

/** The capabilities in a few words, for the banner and the log. */
export function describeCapabilities(c: HermesCapabilities): string {
	const names = ['runs', ...(c.steer ? ['steer'] : []), ...(c.clarify ? ['clarify'] : [])];
	return c.probed ? names.join(', ') : 'runs only (no /v1/capabilities)';
}

/** The server could not be reached (no HTTP answer). */
export class HermesUnreachable extends Error {
	override name = 'HermesUnreachable';
}

/** Backoff of the probes while the server is down (ms). */
export interface RetryOptions {
	/** First wait after a failed probe (default 500). */
	minMs?: number;
	/** Longest wait between two probes (default 5000). */
	maxMs?: number;
}

/**
 * Whether the server answers and what it offers. `probe` asks it (`GET /v1/capabilities`),
 * throwing `HermesUnreachable` when there is no answer. Without `attach` (no gateway), nothing
 * is probed and the basic runs API is assumed.
 */
export class HermesHealth {
	readonly #probe: (signal: AbortSignal) => Promise<HermesCapabilities>;
	readonly #retry: Required<RetryOptions>;
	#host: AgentHost | undefined;
	/** Undefined until the first probe. */
	#reachable: boolean | undefined;
	#capabilities = BASIC_CAPABILITIES;
	/** Set while the retry loop runs; aborting it cuts the current wait short (probe now). */
	#wake: AbortController | undefined;
	#looping = false;

	constructor(
		probe: (signal: AbortSignal) => Promise<HermesCapabilities>,
		retry: RetryOptions = {}
	) {
		this.#probe = probe;
		this.#retry = { minMs: retry.minMs ?? 500, maxMs: retry.maxMs ?? 5000 };
	}

	/** What the server offers, as last probed (the basic runs API until then). */
	get capabilities(): HermesCapabilities {
		return this.#capabilities;
	}

	/** False while the server is known to be down; undefined before the first probe. */
	get reachable(): boolean | undefined {
		return this.#reachable;
	}

	/** Probe once now (at start); when down, report it and keep probing in the background. */
	async attach(host: AgentHost, timeoutMs = 3000): Promise<void> {
		this.#host = host;
		try {
			await this.#check(AbortSignal.any([host.signal, AbortSignal.timeout(timeoutMs)]));
		} catch (e) {
			if (host.signal.aborted) return;
			this.unreachable((e as Error).message);
		}
	}

	/** A request found the server down: report `degraded` and probe until it answers. */
	unreachable(why: string): void {
		const host = this.#host;
		if (this.#reachable !== false) {
			this.#reachable = false;
			host?.log(`Hermes Agent unreachable (${why}); retrying with backoff`);
			host?.setReachable(false);
		}
		if (host && !this.#looping) void this.#loop(host);
	}

	/** A request got an answer: if the server was down, probe it now (capabilities may differ). */
	answered(): void {
		if (this.#reachable === false) this.#wake?.abort();
	}

	async #check(signal: AbortSignal): Promise<void> {
		const capabilities = await this.#probe(signal);
		this.#capabilities = capabilities;
		const was = this.#reachable;
		this.#reachable = true;
		if (was === false) {
			this.#host?.log(
				`Hermes Agent answers again; capabilities: ${describeCapabilities(capabilities)}`
			);
			this.#host?.setReachable(true);
		}
	}

	async #loop(host: AgentHost): Promise<void> {
		this.#looping = true;
		let wait = this.#retry.minMs;
		try {
			while (this.#reachable === false && !host.signal.aborted) {
				this.#wake = new AbortController();
				await sleep(wait, undefined, {
					signal: AbortSignal.any([host.signal, this.#wake.signal])
				}).catch(() => undefined);
				if (host.signal.aborted) return;
				try {
					await this.#check(AbortSignal.any([host.signal, AbortSignal.timeout(this.#retry.maxMs)]));
				} catch {
					wait = Math.min(wait * 2, this.#retry.maxMs);
				}
			}
		} finally {
			this.#looping = false;
			this.#wake = undefined;
		}
	}
}

/**
 * `GET {url}/v1/capabilities`: what the server offers. No answer → `HermesUnreachable`; a 404
 * (or any other non-success status: the runs API may still work) → the basic runs API only.
 */
export async function probeCapabilities(
	url: string,
	apiKey: string | undefined,
	signal: AbortSignal
): Promise<HermesCapabilities> {
	let response: Response;
	try {
		response = await fetch(`${url}/v1/capabilities`, {
			headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
			signal
		});
	} catch (e) {
		const why =
			e instanceof Error ? ((e.cause as Error | undefined)?.message ?? e.message) : String(e);
		throw new HermesUnreachable(`cannot reach Hermes Agent at ${url}: ${why}`);
	}
	if (!response.ok) {
		await response.body?.cancel();
		return BASIC_CAPABILITIES;
	}
	return parseCapabilities(await response.json().catch(() => null));
}
