/**
 * Gateway settings from the environment (`npm run gateway`):
 *
 * | variable               | default                                  |
 * |------------------------|------------------------------------------|
 * | `IRIS_HOST`            | `127.0.0.1`                              |
 * | `IRIS_PORT`            | `8787` (0 = any free port)               |
 * | `IRIS_TOKEN`           | random, 24 bytes base64url (printed)     |
 * | `IRIS_STATIC_DIR`      | `build` in the repo root                 |
 * | `IRIS_STATIC_ONLY`     | unset; `1` = serve the app, refuse WS    |
 * | `IRIS_DEMO_STEP_MS`    | `15` (ms between streamed updates)       |
 * | `IRIS_PUSH`            | unset; `webpush` / `ntfy` (push/options) |
 * | `IRIS_MEDIA_MAX_BYTES` | `52428800` (50 MiB, largest upload)      |
 * | `IRIS_TEST_HOOKS`      | unset; `1` = serve `/__test/…` endpoints (faults, media) |
 * | `IRIS_STATE_FILE`      | unset (memory); a JSON file kept across restarts |
 * | `IRIS_RECORD_FRAMES`   | unset; a file: every frame in/out, JSONL |
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_STEP_MS } from './demo-agent';
import type { GatewayOptions } from './server';
import { readPushOptions } from './push/options';
import { DEFAULT_MEDIA_LIMIT_BYTES } from '../src/lib/protocol/iris';

/** Settings read from the environment, or the reason they are unusable. */
export type ConfigResult =
	{ ok: true; options: Omit<GatewayOptions, 'log'> } | { ok: false; error: string };

function intInRange(name: string, raw: string, min: number, max: number): number | string {
	const n = Number(raw);
	return Number.isInteger(n) && n >= min && n <= max
		? n
		: `${name} must be an integer from ${min} to ${max}, got "${raw}"`;
}

/**
 * Read the gateway settings from `env`. A relative `IRIS_STATIC_DIR` is taken relative to `cwd`;
 * the default is `<repoRoot>/build`.
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
	return {
		ok: true,
		options: {
			host: env.IRIS_HOST || '127.0.0.1',
			port,
			token: env.IRIS_TOKEN || randomBytes(24).toString('base64url'),
			staticDir: env.IRIS_STATIC_DIR
				? path.resolve(cwd, env.IRIS_STATIC_DIR)
				: path.join(repoRoot, 'build'),
			staticOnly: env.IRIS_STATIC_ONLY === '1',
			demoStepMs,
			mediaMaxBytes,
			testHooks: env.IRIS_TEST_HOOKS === '1',
			...(env.IRIS_STATE_FILE ? { stateFile: path.resolve(cwd, env.IRIS_STATE_FILE) } : {}),
			...(env.IRIS_RECORD_FRAMES
				? { recordFrames: path.resolve(cwd, env.IRIS_RECORD_FRAMES) }
				: {}),
			...(push ? { push } : {})
		}
	};
}
