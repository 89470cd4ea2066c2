/**
 * `npm run gateway` (and `npm start`, after building the app when needed): start the reference
 * gateway from environment settings (./config.ts) on its data directory (./storage/).
 *
 * Prints a few lines (./banner.ts; tests parse them). A store it cannot open (damaged, locked by
 * another gateway, written by a newer version) is reported with what to do, exit code 1, and
 * nothing changed. SIGINT / SIGTERM close it gracefully and exit 0.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bannerLines } from './banner';
import { readConfig } from './config';
import { keptVapidKeys } from './push/options';
import { startGateway, type RunningGateway } from './server';
import { TOKEN_FILE, tokenOf } from './storage/data-dir';
import { MemoryStore } from './storage/memory';
import { openSqliteStore } from './storage/sqlite/open';
import type { GatewayStore } from './storage/types';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function fail(message: string): never {
	console.error(`[gateway] ${message}`);
	process.exit(1);
}

/**
 * Close gracefully on SIGINT / SIGTERM, and exit 0. The handlers are installed before anything
 * is opened or printed: a signal sent as soon as the first lines appear (a supervisor, a test)
 * would otherwise meet Node's default action and kill the process with the store still open.
 * A signal that arrives while starting waits for the start, then closes.
 */
function closeOnSignals(started: Promise<RunningGateway | undefined>): void {
	let stopping = false;
	const stop = (signal: string): void => {
		if (stopping) return;
		stopping = true;
		console.log(`[gateway] ${signal}: shutting down`);
		started
			.then((gateway) => gateway?.close())
			.then(
				() => process.exit(0),
				(e: unknown) => {
					console.error(`[gateway] close failed: ${String(e)}`);
					process.exit(1);
				}
			);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

async function main(): Promise<RunningGateway> {
	const config = readConfig(process.env, repoRoot, process.cwd());
	if (!config.ok) fail(config.error);
	const { options } = config;
	if (!existsSync(path.join(options.staticDir, 'index.html'))) {
		fail(`no index.html in ${options.staticDir}: run npm run build first (or set IRIS_STATIC_DIR)`);
	}
	const log = (line: string) => console.log(line);
	let store: GatewayStore;
	try {
		store =
			options.storeKind === 'memory'
				? new MemoryStore()
				: openSqliteStore(options.dataDir, { log: (l) => log(`[gateway] ${l}`) });
	} catch (e) {
		fail((e as Error).message);
	}
	// IRIS_TOKEN wins; otherwise the data directory's token, made on first start.
	const token = options.token ?? tokenOf(options.dataDir);
	const push = keptVapidKeys(options.push, process.env, store.meta);
	const gateway = await startGateway({
		...options,
		token,
		store,
		...(push ? { push } : {}),
		...(options.token ? {} : { tokenFile: path.join(options.dataDir, TOKEN_FILE) }),
		log
	});
	for (const line of await bannerLines(gateway, token, options, process.stdout.isTTY === true)) {
		console.log(line);
	}
	if (options.staticOnly) console.log('[gateway] static only: WebSocket upgrades are refused');
	if (options.testHooks) console.log('[gateway] test hooks enabled at /__test/');
	if (push?.vapid) console.log(`[gateway] web push on: VAPID public key ${push.vapid.publicKey}`);
	if (push?.ntfy) console.log(`[gateway] ntfy on: publishing to ${push.ntfy.url}`);
	return gateway;
}

const started = main().catch((e: unknown): undefined => {
	console.error(`[gateway] failed to start: ${e instanceof Error ? e.message : String(e)}`);
	process.exit(1);
});
closeOnSignals(started);
