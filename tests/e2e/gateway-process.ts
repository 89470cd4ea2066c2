/**
 * A reference gateway as a child process of the test worker: started on its own port and data
 * directory, its output collected line by line, stopped (or killed) after the test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppFrame, ServerFrame } from '../../src/lib/protocol/iris';
import { GATEWAY_BUNDLE } from './bundles';
import { appFrames, readRecording, serverFrames } from './frames';
import {
	freePort,
	gatewayEnv,
	HOST,
	ROOT,
	type Dialect,
	type GatewayOptions
} from './gateway-options';

const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 5_000;
const LISTENING = /^\[gateway\] listening on http:\/\/(\S+):(\d+)\s*$/;
const CONNECTION_OPENED = /^\[gateway\] connection opened\b/;
const TOKEN_LINE = /^\[gateway\] token: (\S+)\s*$/;

/** Gateways of this worker process that have not exited yet: none may outlive the worker. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
	for (const child of running) child.kill('SIGKILL');
});

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
		const env = gatewayEnv(options, { port, token, dataDir });

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
			child.once('exit', (code, signal) => {
				// Said in the test's gateway log: a gateway that dies mid-test (a native crash, a
				// signal from outside) prints nothing of its own.
				output.push(`[e2e] gateway exited (code ${code}, signal ${signal})`);
				done();
			});
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
