/**
 * Crash soak against the real gateway process on a SQLite data directory: two devices send 300
 * messages while the gateway is SIGKILLed at least 5 times at random moments (seeded) and started
 * again on the same directory. Afterwards nothing acked is lost, nothing is stored twice, both
 * devices and a device paired afterwards hold the same messages (ids and texts), and the token
 * (made once in the data directory) never changed. Prints the counts.
 *
 * Everything waits on events (acks, printed lines, closed sockets); the kill moments are the
 * moments given acks arrive plus a small random delay.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { CUT_OFF_NOTE } from '../../gateway/control/restore';
import { makeStaticDir } from './gateway-helpers';
import { crash, startGatewayProcess, type GatewayRun } from './support/gateway-process';
import { prng } from './support/prng';
import { SoakDevice } from './support/soak-device';

const PER_DEVICE = 150;
/** Total acks after which the gateway is killed (6 kills), each plus a random 0–40 ms. */
const KILL_AT = [25, 75, 125, 175, 225, 265];

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const c of cleanups.splice(0).reverse()) await c();
});

/** The gateway process across crashes: `ready()` resolves while one is listening. */
class CrashingGateway {
	run!: GatewayRun;
	kills = 0;
	readonly tokens = new Set<string>();
	#alive = false;
	#waiting: (() => void)[] = [];

	constructor(readonly env: Record<string, string>) {}

	async start(): Promise<void> {
		this.run = await startGatewayProcess({ ...this.env, IRIS_PORT: String(this.run?.port ?? 0) });
		this.tokens.add(this.run.token);
		this.#alive = true;
		for (const wake of this.#waiting.splice(0)) wake();
	}

	async crashAndRestart(): Promise<void> {
		this.#alive = false;
		await crash(this.run);
		this.kills += 1;
		await this.start();
	}

	ready(): Promise<void> {
		return this.#alive ? Promise.resolve() : new Promise((r) => this.#waiting.push(r));
	}
}

/** Keep `device` connected to whatever gateway runs, until `stop()` says so. */
async function keepConnected(device: SoakDevice, gw: CrashingGateway, stop: () => boolean) {
	while (!stop()) {
		await gw.ready();
		try {
			const { closed } = await device.connect(gw.run.port);
			await closed;
		} catch {
			// The gateway went away during the handshake: wait for the next one.
		}
	}
}

it('loses and duplicates nothing acked across SIGKILLs; every device converges', async () => {
	const { dir: staticDir, cleanup } = await makeStaticDir();
	cleanups.push(cleanup);
	const dataDir = await mkdtemp(path.join(tmpdir(), 'iris-soak-'));
	cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
	const gw = new CrashingGateway({
		IRIS_DATA_DIR: dataDir,
		IRIS_STATIC_DIR: staticDir,
		IRIS_DEMO_STEP_MS: '1',
		// Exactly-once through crashes at full speed; the send limit has its own tests.
		IRIS_SEND_BURST: '100000'
	});
	await gw.start();
	cleanups.push(() => crash(gw.run));
	const random = prng(13);

	const devices = ['phone', 'laptop'].map((id) => new SoakDevice(id, gw.run.token));
	let finished = false;
	const loops = devices.map((d) => keepConnected(d, gw, () => finished));
	// Both devices are there from the start: each follows the conversation from its first
	// cursor on, so what was sent before a device first synced would only come by `history`.
	await Promise.all(devices.map((d) => d.until(() => d.synced)));
	for (const [i, d] of devices.entries()) {
		// Mostly instant turns (a cron message), one in ten a streamed answer that a kill can cut.
		d.enqueue(
			Array.from({ length: PER_DEVICE }, (_, n) => {
				const tag = `${d.deviceId}-${n}`;
				return { cid: `cid-${tag}`, text: n % 10 === i ? `hello ${tag}` : `/demo cron ${tag}` };
			})
		);
	}
	const ackedTotal = () => devices.reduce((n, d) => n + d.acked.size, 0);
	for (const at of KILL_AT) {
		await Promise.race(devices.map((d) => d.until(() => ackedTotal() >= at)));
		await new Promise((r) => setTimeout(r, random() * 40));
		await gw.crashAndRestart();
	}
	await Promise.all(devices.map((d) => d.until(() => d.unacked === 0)));

	// One last turn after all others (one queue per chat): once its answer stopped, all did.
	const [phone, laptop] = devices as [SoakDevice, SoakDevice];
	phone.enqueue([{ cid: 'cid-last', text: 'last check' }]);
	const stopped = (d: SoakDevice) =>
		[...d.view.values()].some((t) => t.includes('last check') && t.includes('Demo reply'));
	await Promise.all(devices.map((d) => d.until(() => stopped(d))));

	const fresh = new SoakDevice('new-device', gw.run.token);
	await fresh.connect(gw.run.port);
	await fresh.loadAllHistory();
	finished = true;
	for (const d of [...devices, fresh]) d.close();
	await Promise.all(loops);

	const sent = 2 * PER_DEVICE + 1;
	const acked = new Map([...phone.acked, ...laptop.acked]);
	const history = fresh.view;
	const lost = [...acked].filter(([cid, id]) => history.get(id) === undefined || !cid).length;
	const userTexts = [...history.values()].filter((t) =>
		/^(hello|\/demo cron) (phone|laptop)-/.test(t)
	);
	const duplicated = userTexts.length - new Set(userTexts).size;
	const sameAs = (d: SoakDevice) =>
		d.view.size === history.size && [...d.view].every(([id, text]) => history.get(id) === text);
	const cutOff = [...history.values()].filter((t) => t.includes(CUT_OFF_NOTE)).length;
	console.log(
		`[soak] ${sent} sent, ${acked.size} acked, ${lost} lost, ${duplicated} duplicated; ` +
			`${gw.kills} SIGKILLs; ${history.size} messages (${cutOff} answers cut off by a kill), the same on ` +
			`${[phone, laptop, fresh].filter((d) => d === fresh || sameAs(d)).length} of 3 devices; ` +
			`${gw.tokens.size} token`
	);
	expect(acked.size).toBe(sent);
	expect(lost).toBe(0);
	expect(duplicated).toBe(0);
	expect(userTexts).toHaveLength(2 * PER_DEVICE);
	expect(new Set(acked.values()).size).toBe(sent);
	expect(gw.kills).toBeGreaterThanOrEqual(5);
	expect(gw.tokens.size).toBe(1);
	for (const d of [phone, laptop]) {
		expect(Object.fromEntries(d.view)).toEqual(Object.fromEntries(history));
	}
	expect([...devices, fresh].flatMap((d) => d.errors)).toEqual([]);
}, 120_000);
