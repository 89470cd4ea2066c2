/**
 * Gateway settings from the environment (`npm run gateway`):
 *
 * | variable               | default                                  |
 * |------------------------|------------------------------------------|
 * | `IRIS_HOST`            | `127.0.0.1`                              |
 * | `IRIS_PORT`            | `8787` (0 = any free port)               |
 * | `IRIS_TOKEN`           | the data directory's `token` file (made once) |
 * | `IRIS_STATIC_DIR`      | `build` in the repo root                 |
 * | `IRIS_STATIC_ONLY`     | unset; `1` = serve the app, refuse WS    |
 * | `IRIS_DEMO_STEP_MS`    | `15` (ms between streamed updates)       |
 * | `IRIS_PUSH`            | unset; `webpush` / `ntfy` (push/options) |
 * | `IRIS_MEDIA_MAX_BYTES` | `52428800` (50 MiB, largest upload)      |
 * | `IRIS_TEST_HOOKS`      | unset; `1` = serve `/__test/…` endpoints (faults, media) |
 * | `IRIS_DATA_DIR`        | `.iris` in the working directory         |
 * | `IRIS_STORE`           | `sqlite`; `memory` = nothing kept        |
 * | `IRIS_STATE_FILE`      | unset; an older gateway's JSON state, imported once |
 * | `IRIS_MAX_MESSAGE_BYTES` | `1048576` (largest message text, UTF-8) |
 * | `IRIS_REPLAY_RETENTION_DAYS` | `7` (unacknowledged frames kept)    |
 * | `IRIS_QR`              | `auto` (QR code when stdout is a terminal); `1` / `0` |
 * | `IRIS_RECORD_FRAMES`   | unset; a file: every frame in/out, JSONL |
 * | `IRIS_ALLOWED_ORIGINS` | unset; origins (comma-separated) whose pages may connect besides the app's own |
 * | `IRIS_HELLO_TIMEOUT_MS` | `10000` (time to a valid `hello` after the upgrade) |
 * | `IRIS_SEND_BURST`      | `30` (`message.send` at once, per device) |
 * | `IRIS_SEND_PER_SECOND` | `5` (`message.send` per second, sustained, per device) |
 * | `IRIS_AGENT`           | `demo`; `openai` with `OPENAI_BASE_URL` …; `hermes` with `HERMES_API_KEY` …; `v3` (agents/select.ts) |
 * | `IRIS_V3_AGENT_KEY`    | unset (agents refused); the `api_key` v3 agents connect with at `/ws/agent` |
 */
import { agentFromEnv } from './agents/select';
import path from 'node:path';
import { DEFAULT_STEP_MS } from './demo-agent';
import { DEFAULT_MAX_MESSAGE_BYTES } from './hub';
import type { GatewayOptions } from './server';
import { parseAllowedOrigins } from './http/origins';
import { DEFAULT_LIMITS, type Limits } from './limits/settings';
import { readPushOptions } from './push/options';
import { DEFAULT_MEDIA_LIMIT_BYTES } from '../src/lib/protocol/iris';

/** What the environment says beyond `GatewayOptions`: where the state lives, how to print. */
export interface ConfigOptions extends Omit<GatewayOptions, 'log' | 'token' | 'store'> {
	/** `IRIS_TOKEN`; undefined = the data directory's token file. */
	token?: string;
	/** Absolute path of the data directory. */
	dataDir: string;
	/** `sqlite` (durable, default) or `memory` (`IRIS_STORE=memory`). */
	storeKind: 'sqlite' | 'memory';
	/** Print the pairing link as a QR code: `auto` = when stdout is a terminal. */
	qr: 'auto' | 'on' | 'off';
}

/** Settings read from the environment, or the reason they are unusable. */
export type ConfigResult = { ok: true; options: ConfigOptions } | { ok: false; error: string };

const DAY_MS = 24 * 60 * 60 * 1000;

function intInRange(name: string, raw: string, min: number, max: number): number | string {
	const n = Number(raw);
	return Number.isInteger(n) && n >= min && n <= max
		? n
		: `${name} must be an integer from ${min} to ${max}, got "${raw}"`;
}

/** The limits the environment sets (`IRIS_HELLO_TIMEOUT_MS`, `IRIS_SEND_*`), or an error. */
function readLimits(env: NodeJS.ProcessEnv): Partial<Limits> | string {
	const out: Partial<Limits> = {};
	const num = (name: string, max: number) => {
		const raw = env[name];
		return raw ? intInRange(name, raw, 1, max) : undefined;
	};
	const hello = num('IRIS_HELLO_TIMEOUT_MS', 600_000);
	const burst = num('IRIS_SEND_BURST', 1_000_000);
	const perSecond = num('IRIS_SEND_PER_SECOND', 1_000_000);
	for (const v of [hello, burst, perSecond]) if (typeof v === 'string') return v;
	if (typeof hello === 'number') out.helloTimeoutMs = hello;
	if (typeof burst === 'number' || typeof perSecond === 'number') {
		const d = DEFAULT_LIMITS.sends;
		out.sends = {
			burst: typeof burst === 'number' ? burst : d.burst,
			perSecond: typeof perSecond === 'number' ? perSecond : d.perSecond
		};
	}
	return out;
}

/**
 * Read the gateway settings from `env`. Relative `IRIS_STATIC_DIR`, `IRIS_DATA_DIR` and other
 * paths are taken relative to `cwd`; the static default is `<repoRoot>/build`.
 */
export function readConfig(env: NodeJS.ProcessEnv, repoRoot: string, cwd: string): ConfigResult {
	const port = intInRange('IRIS_PORT', env.IRIS_PORT || '8787', 0, 65535);
	if (typeof port === 'string') return { ok: false, error: port };
	const demoStepMs = intInRange(
		'IRIS_DEMO_STEP_MS',
		env.IRIS_DEMO_STEP_MS || String(DEFAULT_STEP_MS),
		0,
		60_000
	);
	if (typeof demoStepMs === 'string') return { ok: false, error: demoStepMs };
	const push = readPushOptions(env);
	if (typeof push === 'string') return { ok: false, error: push };
	const mediaMaxBytes = intInRange(
		'IRIS_MEDIA_MAX_BYTES',
		env.IRIS_MEDIA_MAX_BYTES || String(DEFAULT_MEDIA_LIMIT_BYTES),
		0,
		2 ** 31
	);
	if (typeof mediaMaxBytes === 'string') return { ok: false, error: mediaMaxBytes };
	const maxMessageBytes = intInRange(
		'IRIS_MAX_MESSAGE_BYTES',
		env.IRIS_MAX_MESSAGE_BYTES || String(DEFAULT_MAX_MESSAGE_BYTES),
		1,
		16 * 1024 * 1024
	);
	if (typeof maxMessageBytes === 'string') return { ok: false, error: maxMessageBytes };
	const retentionDays = intInRange(
		'IRIS_REPLAY_RETENTION_DAYS',
		env.IRIS_REPLAY_RETENTION_DAYS || '7',
		1,
		3650
	);
	if (typeof retentionDays === 'string') return { ok: false, error: retentionDays };
	const storeKind = env.IRIS_STORE || 'sqlite';
	if (storeKind !== 'sqlite' && storeKind !== 'memory') {
		return { ok: false, error: `IRIS_STORE must be "sqlite" or "memory", got "${storeKind}"` };
	}
	const allowedOrigins = parseAllowedOrigins(env.IRIS_ALLOWED_ORIGINS);
	if (typeof allowedOrigins === 'string') return { ok: false, error: allowedOrigins };
	const limits = readLimits(env);
	if (typeof limits === 'string') return { ok: false, error: limits };
	const chosen = agentFromEnv(env);
	if ('error' in chosen) return { ok: false, error: chosen.error };
	const qr = { '': 'auto', auto: 'auto', '1': 'on', '0': 'off' }[env.IRIS_QR ?? ''];
	if (!qr) return { ok: false, error: `IRIS_QR must be "auto", "1" or "0", got "${env.IRIS_QR}"` };
	return {
		ok: true,
		options: {
			host: env.IRIS_HOST || '127.0.0.1',
			port,
			...(env.IRIS_TOKEN ? { token: env.IRIS_TOKEN } : {}),
			dataDir: path.resolve(cwd, env.IRIS_DATA_DIR || '.iris'),
			storeKind,
			qr: qr as ConfigOptions['qr'],
			maxMessageBytes,
			retentionMs: retentionDays * DAY_MS,
			staticDir: env.IRIS_STATIC_DIR
				? path.resolve(cwd, env.IRIS_STATIC_DIR)
				: path.join(repoRoot, 'build'),
			staticOnly: env.IRIS_STATIC_ONLY === '1',
			demoStepMs,
			mediaMaxBytes,
			testHooks: env.IRIS_TEST_HOOKS === '1',
			...(allowedOrigins.length ? { allowedOrigins } : {}),
			...(Object.keys(limits).length ? { limits } : {}),
			...(env.IRIS_STATE_FILE ? { stateFile: path.resolve(cwd, env.IRIS_STATE_FILE) } : {}),
			...(env.IRIS_RECORD_FRAMES
				? { recordFrames: path.resolve(cwd, env.IRIS_RECORD_FRAMES) }
				: {}),
			...(push ? { push } : {}),
			...(chosen.agent ? { agent: chosen.agent } : {}),
			...(env.IRIS_V3_AGENT_KEY ? { v3AgentKey: env.IRIS_V3_AGENT_KEY } : {})
		}
	};
}
