/**
 * `npm run gateway`: start the reference gateway from environment settings (see ./config.ts).
 *
 * Prints, in this order (tests parse these lines):
 *   [gateway] listening on http://HOST:PORT
 *   [gateway] token: TOKEN
 *   [gateway] pairing link: http://HOST:PORT/pair#url=<encoded ws url>&token=<encoded token>
 *   [gateway] v3 pairing link: the same for a Hermes Chat v3 client (url = ws://HOST:PORT/ws/app)
 * SIGINT / SIGTERM close it gracefully and exit 0.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from './config';
import { startGateway } from './server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
	const config = readConfig(process.env, repoRoot, process.cwd());
	if (!config.ok) {
		console.error(`[gateway] ${config.error}`);
		process.exit(1);
	}
	const { options } = config;
	if (!existsSync(path.join(options.staticDir, 'index.html'))) {
		console.error(
			`[gateway] no index.html in ${options.staticDir}: run npm run build first (or set IRIS_STATIC_DIR)`
		);
		process.exit(1);
	}
	const gateway = await startGateway(options);
	console.log(`[gateway] listening on ${gateway.httpUrl}`);
	console.log(`[gateway] token: ${options.token}`);
	console.log(`[gateway] pairing link: ${gateway.pairingLink}`);
	console.log(`[gateway] v3 pairing link: ${gateway.v3PairingLink}`);
	if (options.staticOnly) console.log('[gateway] static only: WebSocket upgrades are refused');
	if (options.testHooks) console.log('[gateway] test hooks enabled at /__test/');
	if (options.push?.vapid) {
		console.log(`[gateway] web push on: VAPID public key ${options.push.vapid.publicKey}`);
	}
	if (options.push?.ntfy) console.log(`[gateway] ntfy on: publishing to ${options.push.ntfy.url}`);

	let stopping = false;
	const stop = (signal: string): void => {
		if (stopping) return;
		stopping = true;
		console.log(`[gateway] ${signal}: shutting down`);
		gateway.close().then(
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

main().catch((e: unknown) => {
	console.error(`[gateway] failed to start: ${e instanceof Error ? e.message : String(e)}`);
	process.exit(1);
});
