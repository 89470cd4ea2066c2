/**
 * How an end-to-end test's gateway is started: its options, the environment they make, and a
 * free port to listen on. The process itself is gateway-process.ts.
 */
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root directory. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Every test gateway listens on this host only. */
export const HOST = '127.0.0.1';

/** How to start a test's gateway (`test.use({ gatewayOptions })`, `startGateway(options)`). */
export interface GatewayOptions {
	/** Port on 127.0.0.1; a free one when omitted. Give the old port to "restart" a gateway. */
	port?: number;
	/** Pairing token; a random one when omitted. */
	token?: string;
	/** Serve only the app files and refuse WebSockets (`IRIS_STATIC_ONLY=1`). */
	staticOnly?: boolean;
	/** Milliseconds between streamed updates (`IRIS_DEMO_STEP_MS`); the gateway's default when omitted. */
	stepMs?: number;
	/**
	 * The `/__test/` endpoints (`IRIS_TEST_HOOKS=1`): fault injection (tests/e2e/faults.ts) and
	 * media inspection (`/__test/media/…`). Default on; `false` runs the gateway without them.
	 */
	testHooks?: boolean;
	/**
	 * The gateway's data directory (`IRIS_DATA_DIR`). Default: a fresh one per gateway (a gateway
	 * "restarted" on the same port without it starts with an empty store); give the first one's
	 * `dataDir` to restart on the same state.
	 */
	dataDir?: string;
	/** Let the gateway make (or read) its token in the data directory instead of `token`. */
	tokenFromDataDir?: boolean;
	/** Record every frame in and out to this file (`IRIS_RECORD_FRAMES`). */
	recordFrames?: string;
	/** The built app to serve (`IRIS_STATIC_DIR`); `build/` when omitted. */
	staticDir?: string;
	/** Extra environment, e.g. `{ IRIS_PUSH: 'webpush' }`. */
	env?: Record<string, string>;
	/** Largest media upload the gateway accepts, bytes (`IRIS_MEDIA_MAX_BYTES`). */
	mediaMaxBytes?: number;
	/** Which endpoint the app pairs with (`pairingLink`): Iris (default) or v3 (`/ws/app`). */
	dialect?: Dialect;
}

/** The gateway protocol a test's app speaks: the Playwright project's `dialect` option. */
export type Dialect = 'iris' | 'v3';

/** The option a Playwright project sets (`use: { dialect: 'v3' }`). */
export interface DialectOption {
	dialect: Dialect;
}

/** A free TCP port on 127.0.0.1 (listen on 0, read the port, close). */
export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, HOST, () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => (port ? resolve(port) : reject(new Error('[e2e] no free port'))));
		});
	});
}

/**
 * The environment a gateway with `options` runs in: this process's own, without any gateway
 * setting a developer may have exported, plus what `options` ask for.
 */
export function gatewayEnv(
	options: GatewayOptions,
	{ port, token, dataDir }: { port: number; token: string; dataDir: string }
): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {
		...process.env,
		IRIS_HOST: HOST,
		IRIS_PORT: String(port),
		IRIS_TOKEN: token,
		IRIS_STATIC_DIR: options.staticDir ?? join(ROOT, 'build'),
		IRIS_DATA_DIR: dataDir,
		...options.env
	};
	if (options.tokenFromDataDir) delete env.IRIS_TOKEN;
	delete env.IRIS_STATIC_ONLY;
	delete env.IRIS_DEMO_STEP_MS;
	delete env.IRIS_TEST_HOOKS;
	delete env.IRIS_STATE_FILE;
	delete env.IRIS_STORE;
	delete env.IRIS_QR;
	// The `/__test/…` endpoints (inspection, fault injection) exist only for tests: on by default.
	if (options.testHooks !== false) env.IRIS_TEST_HOOKS = '1';
	delete env.IRIS_RECORD_FRAMES;
	if (options.recordFrames) env.IRIS_RECORD_FRAMES = options.recordFrames;
	if (options.staticOnly) env.IRIS_STATIC_ONLY = '1';
	if (options.stepMs !== undefined) env.IRIS_DEMO_STEP_MS = String(options.stepMs);
	delete env.IRIS_MEDIA_MAX_BYTES;
	if (options.mediaMaxBytes !== undefined) {
		env.IRIS_MEDIA_MAX_BYTES = String(options.mediaMaxBytes);
	}
	return env;
}
