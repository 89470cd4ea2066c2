/**
 * The file-backed gateway state (`IRIS_STATE_FILE`): the replay log, the messages and the
 * channels, saved as JSON when the gateway stops or restarts and read back when it starts, so a
 * restart loses nothing. Written to a temp file and renamed, so a crash mid-write
 * leaves the previous state intact.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import type { HubSnapshot } from './hub';

/** The saved state, or undefined when the file does not exist yet. Throws on unreadable JSON. */
export async function loadState(file: string): Promise<HubSnapshot | undefined> {
	let text: string;
	try {
		text = await readFile(file, 'utf8');
	} catch (e) {
		if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
		throw e;
	}
	return JSON.parse(text) as HubSnapshot;
}

/** Save the state atomically (temp file + rename). */
export async function saveState(file: string, state: HubSnapshot): Promise<void> {
	const temp = `${file}.${process.pid}.tmp`;
	await writeFile(temp, JSON.stringify(state));
	await rename(temp, file);
}
