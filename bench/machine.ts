/**
 * The machine a bench run measured (bench/README.md states it next to every table): figures from
 * another CPU or a loaded machine differ several times over, so each result carries this.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';

/** What ran the bench: CPU model (`/proc/cpuinfo`), cores, memory (GiB), load averages. */
export interface MachineInfo {
	cpu: string;
	cores: number;
	memoryGiB: number;
	/** 1-, 5- and 15-minute load averages when this was read. */
	load: [number, number, number];
	node: string;
}

/** Read the machine's description now (call at the start and at the end of a run). */
export function machineInfo(): MachineInfo {
	let cpu = cpus()[0]?.model ?? 'unknown';
	try {
		const line = readFileSync('/proc/cpuinfo', 'utf8')
			.split('\n')
			.find((l) => l.startsWith('model name'));
		if (line) cpu = line.slice(line.indexOf(':') + 1).trim();
	} catch {
		// Not Linux: os.cpus()'s model is what there is.
	}
	const [a = 0, b = 0, c = 0] = loadavg();
	const round = (n: number) => Math.round(n * 100) / 100;
	return {
		cpu,
		cores: cpus().length,
		memoryGiB: Math.round(totalmem() / 2 ** 30),
		load: [round(a), round(b), round(c)],
		node: process.version
	};
}

/** One line for the console: `AMD EPYC, 2 cores, 24 GiB, load 0.12/0.30/0.41`. */
export function formatMachine(m: MachineInfo): string {
	return `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, load ${m.load.join('/')}, Node ${m.node}`;
}
