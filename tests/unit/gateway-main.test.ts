import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { INDEX_HTML, httpGet, makeStaticDir } from './gateway-helpers';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
	for (const c of cleanups.splice(0)) await c();
});

/** Run `gateway/main.ts` under tsx (one process, so signals reach it directly). */
function runMain(env: Record<string, string>) {
	const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/main.ts'], {
		cwd: repoRoot,
		env: { ...process.env, IRIS_HOST: '127.0.0.1', IRIS_PORT: '0', ...env },
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (d: Buffer) => (stdout += String(d)));
	child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
	const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
	const lines = async (n: number): Promise<string[]> => {
		while (stdout.split('\n').length <= n) {
			const died = exited.then(() => Promise.reject(new Error(`exited early: ${stdout}${stderr}`)));
			await Promise.race([once(child.stdout, 'data'), died]);
		}
		return stdout.split('\n').slice(0, n);
	};
	return { child, exited, lines, output: () => stdout + stderr };
}

// Each test starts node + tsx (a few seconds on a loaded machine); the waits are on printed lines.
describe('gateway/main.ts', { timeout: 30_000 }, () => {
	it('prints the listening, token and pairing lines and exits 0 on SIGTERM', async () => {
		const { dir, cleanup } = await makeStaticDir();
		cleanups.push(cleanup);
		const run = runMain({
			IRIS_TOKEN: 'a b/c',
			IRIS_STATIC_DIR: dir,
			IRIS_DATA_DIR: `${dir}/data`
		});
		const [listening, token, link] = await run.lines(3);
		const m = /^\[gateway\] listening on http:\/\/127\.0\.0\.1:(\d+)$/.exec(listening ?? '');
		expect(m, run.output()).not.toBeNull();
		const port = Number(m?.[1]);
		const ws = encodeURIComponent(`ws://127.0.0.1:${port}/ws`);
		expect(token).toBe('[gateway] token: a b/c');
		expect(link).toBe(
			`[gateway] pairing link: http://127.0.0.1:${port}/pair#url=${ws}&token=a%20b%2Fc`
		);
		expect((await httpGet(port, '/pair')).body).toBe(INDEX_HTML);
		run.child.kill('SIGTERM');
		expect((await run.exited)[0]).toBe(0);
	});

	it('keeps its token in the data directory: the same pairing link after a restart', async () => {
		const { dir, cleanup } = await makeStaticDir();
		cleanups.push(cleanup);
		const env = { IRIS_STATIC_DIR: dir, IRIS_DATA_DIR: `${dir}/data`, IRIS_QR: '1' };
		const first = runMain(env);
		const lines = await first.lines(9);
		const token = /^\[gateway\] token: (\S+)$/.exec(lines[1] ?? '')?.[1];
		expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
		expect(lines[4]).toBe(`[gateway] data: ${dir}/data (SQLite)`);
		expect(lines[5]).toBe('[gateway] agent: the demo agent (IRIS_AGENT=demo)');
		// IRIS_QR=1: the pairing link as a QR code (half blocks), under a caption.
		expect(lines[6]).toMatch(/^\[gateway\] scan to pair a phone/);
		expect(lines[7]).toMatch(/[▀▄█]/);
		first.child.kill('SIGKILL');
		await first.exited;
		const second = runMain({ ...env, IRIS_QR: '0' });
		// Stopped as soon as the token shows: a signal while the banner is still being printed is
		// handled too (it used to meet Node's default action and kill the process).
		const again = await second.lines(2);
		expect(again[1]).toBe(`[gateway] token: ${token}`);
		second.child.kill('SIGTERM');
		expect((await second.exited)[0]).toBe(0);
		expect(second.output()).not.toMatch(/[▀▄█]/);
	});

	it('refuses a damaged database: names the file, exits 1, changes nothing', async () => {
		const { dir, cleanup } = await makeStaticDir();
		cleanups.push(cleanup);
		await mkdir(`${dir}/data`);
		await writeFile(`${dir}/data/iris.db`, 'garbage '.repeat(512));
		const run = runMain({ IRIS_STATIC_DIR: dir, IRIS_DATA_DIR: `${dir}/data` });
		expect((await run.exited)[0]).toBe(1);
		expect(run.output()).toContain(`${dir}/data/iris.db is damaged`);
		expect(await readFile(`${dir}/data/iris.db`, 'utf8')).toBe('garbage '.repeat(512));
		expect(await readdir(`${dir}/data`)).toEqual(['iris.db']);
	});

	it('refuses to start without index.html', async () => {
		const run = runMain({ IRIS_STATIC_DIR: path.join(repoRoot, 'gateway') });
		expect((await run.exited)[0]).toBe(1);
		expect(run.output()).toContain('run npm run build first');
	});
});
