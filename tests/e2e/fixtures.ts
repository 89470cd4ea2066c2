/**
 * End-to-end fixtures: a real reference gateway per test, and helpers written against the UI
 * contract (doc/ui-contract.md). Only accessible names, roles and the
 * documented data-* attributes are used, so the UI can change its markup freely.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { MessageRow } from '../../src/lib/db/schema';
import type { AppFrame, ServerFrame } from '../../src/lib/protocol/iris';
import { appFrames, nonConformant, readRecording, serverFrames } from './frames';
import { GATEWAY_BUNDLE } from './bundles';

export { expect };

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 5_000;
const LISTENING = /^\[gateway\] listening on http:\/\/(\S+):(\d+)\s*$/;
const CONNECTION_OPENED = /^\[gateway\] connection opened\b/;
const TOKEN_LINE = /^\[gateway\] token: (\S+)\s*$/;

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

/** Gateways of this worker process that have not exited yet: none may outlive the worker. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
	for (const child of running) child.kill('SIGKILL');
});

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

interface LineWaiter {
	re: RegExp;
	from: number;
	resolve: (line: string) => void;
}

/**
 * A reference gateway running as a child process: gateway/main.ts as bundled by the global setup
 * (`node --enable-source-maps build-gateway/main.mjs`, see ./bundles.ts).
 */
export class Gateway {
	readonly port: number;
	token: string;
	readonly staticOnly: boolean;
	/** Where this gateway keeps its state (`IRIS_DATA_DIR`). */
	dataDir = '';
	/** The endpoint `pairingLink` points the app at. */
	dialect: Dialect = 'iris';
	/** Where this gateway records its frames, if it does. */
	recordFile: string | undefined;
	/** Every line the process printed so far (stdout and stderr, in arrival order). */
	readonly output: string[];
	readonly #child: ChildProcess;
	readonly #exited: Promise<void>;
	readonly #waiters: Set<LineWaiter>;

	private constructor(
		child: ChildProcess,
		exited: Promise<void>,
		output: string[],
		waiters: Set<LineWaiter>,
		port: number,
		token: string,
		staticOnly: boolean
	) {
		this.#child = child;
		this.#exited = exited;
		this.output = output;
		this.#waiters = waiters;
		this.port = port;
		this.token = token;
		this.staticOnly = staticOnly;
	}

	/** Spawns a gateway and resolves once it prints its `listening` line. */
	static async start(options: GatewayOptions = {}): Promise<Gateway> {
		const port = options.port ?? (await freePort());
		let token = options.token ?? randomBytes(16).toString('hex');
		const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'iris-e2e-gateway-'));
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

		// node itself (not npx/npm) so that the pid we signal is the gateway's.
		const child = spawn(process.execPath, ['--enable-source-maps', GATEWAY_BUNDLE], {
			cwd: ROOT,
			env,
			stdio: ['ignore', 'pipe', 'pipe']
		});
		running.add(child);

		const output: string[] = [];
		const waiters = new Set<LineWaiter>();
		const collect = (stream: NodeJS.ReadableStream | null) => {
			let partial = '';
			stream?.setEncoding('utf8');
			stream?.on('data', (chunk: string) => {
				const lines = (partial + chunk).split(/\r?\n/);
				partial = lines.pop() ?? '';
				for (const line of lines) {
					output.push(line);
					for (const waiter of waiters) {
						if (waiter.re.test(line) && output.length - 1 >= waiter.from) waiter.resolve(line);
					}
				}
			});
			stream?.on('end', () => {
				if (partial) output.push(partial);
				partial = '';
			});
		};
		collect(child.stdout);
		collect(child.stderr);

		const exited = new Promise<void>((resolve) => {
			const done = () => {
				running.delete(child);
				resolve();
			};
			child.once('exit', done);
			child.once('error', (error) => {
				output.push(`[e2e] spawn failed: ${error.message}`);
				done();
			});
		});

		const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
		const gateway = new Gateway(child, exited, output, waiters, port, token, !!options.staticOnly);
		gateway.recordFile = options.recordFrames;
		gateway.dialect = options.dialect ?? 'iris';
		gateway.dataDir = dataDir;
		try {
			const line = await gateway.waitForLine(LISTENING, { timeout: START_TIMEOUT_MS });
			const listenedPort = Number(LISTENING.exec(line)?.[2]);
			if (listenedPort !== port) {
				throw new Error(`[e2e] asked the gateway for port ${port}, it listens on ${listenedPort}`);
			}
			if (options.tokenFromDataDir) {
				token = TOKEN_LINE.exec(await gateway.waitForLine(TOKEN_LINE))?.[1] ?? '';
				gateway.token = token;
			}
		} catch (error) {
			await gateway.kill();
			// Let the pipes drain so that the error shows the gateway's last words.
			await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1_000))]);
			throw new Error(
				`[e2e] the gateway did not start (${(error as Error).message.split('\n')[0]}).\n` +
					`Output:\n${output.join('\n')}`,
				{ cause: error }
			);
		}
		return gateway;
	}

	get httpUrl(): string {
		return `http://${HOST}:${this.port}`;
	}

	get wsUrl(): string {
		return `ws://${HOST}:${this.port}/ws`;
	}

	/** The one-step pairing link for the test's dialect, built exactly as the gateway prints it. */
	get pairingLink(): string {
		if (this.dialect === 'v3') return this.v3PairingLink;
		return (
			`${this.httpUrl}/pair#url=${encodeURIComponent(this.wsUrl)}` +
			`&token=${encodeURIComponent(this.token)}`
		);
	}

	/** The Hermes Chat v3 endpoint (`/ws/app`; the app appends `?token=`). */
	get v3WsUrl(): string {
		return `ws://${HOST}:${this.port}/ws/app`;
	}

	/** The one-step pairing link for a v3 client, as the gateway prints it (`v3 pairing link:`). */
	get v3PairingLink(): string {
		return (
			`${this.httpUrl}/pair#url=${encodeURIComponent(this.v3WsUrl)}` +
			`&token=${encodeURIComponent(this.token)}`
		);
	}

	/** The decoded frames the app sent to this gateway so far (needs `recordFrames`). */
	received(): AppFrame[] {
		return appFrames(readRecording(this.#recording()));
	}

	/** The decoded frames this gateway sent so far (needs `recordFrames`). */
	sent(): ServerFrame[] {
		return serverFrames(readRecording(this.#recording()));
	}

	#recording(): string {
		if (!this.recordFile) throw new Error('[e2e] this gateway does not record frames');
		return this.recordFile;
	}

	get running(): boolean {
		return running.has(this.#child);
	}

	/** How many WebSockets the gateway accepted (`[gateway] connection opened` lines). */
	connectionsOpened(): number {
		return this.output.filter((line) => CONNECTION_OPENED.test(line)).length;
	}

	/**
	 * Resolves with the first output line matching `re`, looking at lines from index `from`
	 * (default 0, i.e. also lines already printed; pass `gateway.output.length` for only new ones).
	 * Rejects when the process exits first or after `timeout` ms.
	 */
	async waitForLine(
		re: RegExp,
		{ from = 0, timeout = 15_000 }: { from?: number; timeout?: number } = {}
	): Promise<string> {
		const seen = this.output.slice(from).find((line) => re.test(line));
		if (seen !== undefined) return seen;
		return new Promise<string>((resolve, reject) => {
			const waiter: LineWaiter = {
				re,
				from,
				resolve: (line) => {
					finish();
					resolve(line);
				}
			};
			const timer = setTimeout(() => {
				finish();
				reject(new Error(`[e2e] no gateway line matching ${re} within ${timeout} ms`));
			}, timeout);
			const finish = () => {
				clearTimeout(timer);
				this.#waiters.delete(waiter);
			};
			this.#waiters.add(waiter);
			void this.#exited.then(() => {
				if (!this.#waiters.has(waiter)) return;
				finish();
				reject(new Error(`[e2e] the gateway exited before printing a line matching ${re}`));
			});
		});
	}

	/** Sends `signal` (SIGKILL by default: a crash) and resolves once the process has exited. */
	async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
		if (this.running) this.#child.kill(signal);
		await this.#exited;
	}

	/** Graceful stop (SIGTERM); SIGKILL if it has not exited after a few seconds. */
	async stop(): Promise<void> {
		if (!this.running) return;
		this.#child.kill('SIGTERM');
		let timer: NodeJS.Timeout | undefined;
		const graceful = await Promise.race([
			this.#exited.then(() => true),
			new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), STOP_TIMEOUT_MS)))
		]);
		clearTimeout(timer);
		if (!graceful) await this.kill('SIGKILL');
	}
}

interface Fixtures {
	/** The dialect under test (Playwright projects `iris` and `v3`, playwright.config.ts). */
	dialect: Dialect;
	/** Options for the test's `gateway` (`test.use({ gatewayOptions: { stepMs: 40 } })`). */
	gatewayOptions: GatewayOptions;
	/** Starts another gateway (e.g. a restart on `gateway.port`), stopped after the test. */
	startGateway: (options?: GatewayOptions) => Promise<Gateway>;
	/** A gateway started for this test and stopped after it. */
	gateway: Gateway;
}

export const test = base.extend<Fixtures>({
	dialect: ['iris', { option: true }],
	gatewayOptions: [{}, { option: true }],

	startGateway: async ({ gatewayOptions, dialect }, use, testInfo) => {
		const started: Gateway[] = [];
		try {
			await use(async (options = {}) => {
				// Every gateway records its frames: the schema check below runs after every test.
				const recordFrames = testInfo.outputPath(`frames-${started.length + 1}.jsonl`);
				const gateway = await Gateway.start({
					recordFrames,
					dataDir: testInfo.outputPath(`data-${started.length + 1}`),
					dialect,
					...gatewayOptions,
					...options,
					// The test's environment plus this gateway's own (e.g. an allowed origin).
					env: { ...gatewayOptions.env, ...options.env }
				});
				started.push(gateway);
				return gateway;
			});
		} finally {
			const failed = testInfo.status !== testInfo.expectedStatus;
			for (const [i, gateway] of started.entries()) {
				if (failed) {
					await testInfo.attach(`gateway-${i + 1}.log`, {
						body: gateway.output.join('\n'),
						contentType: 'text/plain'
					});
				}
			}
			// On failure kill at once (no graceful shutdown to wait for); otherwise stop cleanly.
			await Promise.all(started.map((gateway) => (failed ? gateway.kill() : gateway.stop())));
		}
		// Conformance: every frame the app sent and the gateway sent fits the schema.
		if (testInfo.status === testInfo.expectedStatus) {
			for (const gateway of started) {
				if (!gateway.recordFile) continue;
				expect(await nonConformant(gateway.recordFile), 'frames off the schema').toEqual([]);
			}
		}
	},

	gateway: async ({ startGateway }, use) => {
		await use(await startGateway());
	}
});

// ---- UI contract ------------------------------------------------------------------------------

/** Matches text that starts (after whitespace) with one of `words`: `startsWith('Connected')`. */
export function startsWith(...words: string[]): RegExp {
	return new RegExp(`^\\s*(?:${words.join('|')})`);
}

export const connectionStatus = (page: Page): Locator =>
	page.getByRole('status', { name: 'Connection', exact: true });

export const messageLog = (page: Page): Locator =>
	page.getByRole('log', { name: 'Messages', exact: true });

export const composer = (page: Page): Locator =>
	page.getByRole('textbox', { name: 'Message', exact: true });

export const sendButton = (page: Page): Locator =>
	page.getByRole('button', { name: 'Send', exact: true });

export const channelLink = (page: Page, name: string): Locator =>
	page.getByRole('navigation', { name: 'Channels', exact: true }).getByRole('link', {
		name,
		exact: true
	});

/** The last message `article` of `role` (`user`, `assistant`, …) in the message log. */
export function lastArticle(page: Page, role: string): Locator {
	return messageLog(page).locator(`article[data-role="${role}"]`).last();
}

/** The user's article with `text` (strict: fails if the message shows twice). */
export function userMessage(page: Page, text: string): Locator {
	return messageLog(page).locator('article[data-role="user"]', { hasText: text });
}

/** The demo agent's reply to `userText`: the reply quotes it (gateway/demo-agent.ts). */
export function replyTo(page: Page, userText: string): Locator {
	return messageLog(page).locator('article[data-role="assistant"]', { hasText: userText });
}

/** Options for a second gateway that the app served by `app` may connect to (another origin). */
export function servingAppOf(app: Gateway) {
	return { env: { IRIS_ALLOWED_ORIGINS: app.httpUrl } };
}

/** A pairing link opened on the app of `app`'s origin that names the gateway `target`. */
export function linkTo(app: Gateway, target: Gateway): string {
	return (
		`${app.httpUrl}/pair#url=${encodeURIComponent(target.wsUrl)}` +
		`&token=${encodeURIComponent(target.token)}`
	);
}

/** Opens the pairing link and waits until the app reports `Connected` and shows a channel. */
export async function pairViaLink(page: Page, gateway: Gateway): Promise<void> {
	await page.goto(gateway.pairingLink);
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	// "Connected" can show on the home route, before it moves on to the default channel; that
	// move closes the phone's channel drawer, so a test that opened it first would lose it.
	await expect(page).toHaveURL(/\/chat\//);
}

/** Fills and submits the pairing form; does not wait for the outcome (it may be a rejection). */
export async function pairViaForm(
	page: Page,
	gateway: Gateway,
	token = gateway.token
): Promise<void> {
	await page.goto(gateway.httpUrl);
	await page.getByRole('textbox', { name: 'Gateway URL', exact: true }).fill(gateway.wsUrl);
	await page.getByRole('textbox', { name: 'Token', exact: true }).fill(token);
	await page.getByRole('button', { name: 'Connect', exact: true }).click();
}

/** Types `text` into the composer, clicks Send, and returns the user's article once shown. */
export async function sendMessage(page: Page, text: string): Promise<Locator> {
	await composer(page).fill(text);
	await sendButton(page).click();
	const article = userMessage(page, text);
	// Shown at once; or, when a fast reply (which quotes it) already pushed it out of the
	// virtualized list's rendered rows, that reply is.
	await expect(article.or(replyTo(page, text)).first()).toBeVisible();
	return article;
}

/**
 * Reads the app's IndexedDB (`iris`, store `messages`) with the raw API, no Dexie: `id` gives
 * one row (or undefined), no `id` gives all rows. Never creates the database: if it does not
 * exist yet the upgrade is aborted and the answer is "nothing".
 */
async function readMessages(page: Page, id?: string): Promise<MessageRow[]> {
	return page.evaluate(
		(id) =>
			new Promise<MessageRow[]>((resolve, reject) => {
				// No version: open whatever version the app created.
				const open = indexedDB.open('iris');
				let missing = false;
				open.onupgradeneeded = () => {
					missing = true;
					open.transaction?.abort();
				};
				open.onerror = () => {
					if (missing) resolve([]);
					else reject(new Error(`indexedDB.open('iris'): ${open.error?.message}`));
				};
				open.onsuccess = () => {
					const db = open.result;
					if (!db.objectStoreNames.contains('messages')) {
						db.close();
						resolve([]);
						return;
					}
					const store = db.transaction('messages', 'readonly').objectStore('messages');
					const request = id === undefined ? store.getAll() : store.get(id);
					request.onsuccess = () => {
						db.close();
						const result = request.result as MessageRow | MessageRow[] | undefined;
						resolve(result === undefined ? [] : Array.isArray(result) ? result : [result]);
					};
					request.onerror = () => {
						db.close();
						reject(new Error(`reading messages: ${request.error?.message}`));
					};
				};
			}),
		id
	);
}

/** One stored message by `message_id`, read with raw IndexedDB; undefined when absent. */
export async function readMessageRow(
	page: Page,
	message_id: string
): Promise<MessageRow | undefined> {
	return (await readMessages(page, message_id))[0];
}

/** Every stored message. */
export async function readMessageRows(page: Page): Promise<MessageRow[]> {
	return readMessages(page);
}

/** Chooses `name` (e.g. `Rename`) in the header's `Channel actions` menu. */
export async function channelAction(page: Page, name: string): Promise<void> {
	await page.getByRole('button', { name: 'Channel actions', exact: true }).click();
	await page
		.getByRole('menu', { name: 'Channel actions' })
		.getByRole('menuitem', { name, exact: true })
		.click();
}
