/**
 * The real gateway as a child process (`node --import tsx gateway/main.ts`) for integration tests
 * that crash it: started on a data directory and a port, waited for by its printed lines, killed
 * with SIGKILL and started again on the same directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const LISTENING = /^\[gateway\] listening on http:\/\/127\.0\.0\.1:(\d+)$/m;
const TOKEN = /^\[gateway\] token: (\S+)$/m;

/** One run of the gateway process. */
export interface GatewayRun {
	child: ChildProcess;
	port: number;
	token: string;
	/** Everything it printed (stdout + stderr). */
	output: () => string;
	exited: Promise<unknown>;
}

/** Start the gateway with `env` (merged over a clean base) and wait until it listens. */
export async function startGatewayProcess(env: Record<string, string>): Promise<GatewayRun> {
	const base = { ...process.env };
	for (const key of Object.keys(base)) if (key.startsWith('IRIS_')) delete base[key];
	const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/main.ts'], {
		cwd: repoRoot,
		env: { ...base, IRIS_HOST: '127.0.0.1', ...env },
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let out = '';
	child.stdout.on('data', (d: Buffer) => (out += String(d)));
	child.stderr.on('data', (d: Buffer) => (out += String(d)));
	const exited = once(child, 'exit');
	while (!LISTENING.test(out) || !TOKEN.test(out)) {
		const died = exited.then(() => Promise.reject(new Error(`gateway exited: ${out}`)));
		await Promise.race([once(child.stdout, 'data'), died]);
	}
	return {
		child,
		port: Number(LISTENING.exec(out)![1]),
		token: TOKEN.exec(out)![1]!,
		output: () => out,
		exited
	};
}

/** SIGKILL: the process gets no chance to save or close anything. Resolves once it is gone. */
export async function crash(run: GatewayRun): Promise<void> {
	if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
	await run.exited;
}
