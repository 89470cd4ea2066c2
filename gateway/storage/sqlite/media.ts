/**
 * Media on disk: the bytes as files named by their SHA-256 (`<data dir>/media/ab/abcd…`), written
 * to a temp file, synced and renamed before the id → hash row is committed, so a crash leaves at
 * most an unreferenced file, never a row without bytes. The same bytes are stored once, and a row
 * can only ever point at bytes that hash to what it says: an id that is given new bytes points at
 * another file, and no id can overwrite the bytes of another. Reads check the hash.
 */
import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { MediaInfo, MediaTable } from '../types';

const HASH = /^[0-9a-f]{64}$/;

export class SqliteMedia implements MediaTable {
	readonly #dir: string;
	readonly #log: (line: string) => void;
	readonly #upsert: Database.Statement;
	readonly #get: Database.Statement;
	readonly #list: Database.Statement;
	readonly #uses: Database.Statement;

	/** `dir`: where the files go; `log`: where a missing or damaged file is reported. */
	constructor(db: Database.Database, dir: string, log: (line: string) => void) {
		this.#dir = dir;
		this.#log = log;
		this.#upsert = db.prepare(
			'INSERT OR REPLACE INTO media (media_id, sha256, info) VALUES (?, ?, ?)'
		);
		this.#get = db.prepare('SELECT info FROM media WHERE media_id = ?');
		this.#list = db.prepare('SELECT info FROM media ORDER BY rowid');
		this.#uses = db.prepare('SELECT count(*) AS n FROM media WHERE sha256 = ?');
	}

	/** The file of `sha256`. Throws on anything but a lower-case hex SHA-256. */
	file(sha256: string): string {
		if (!HASH.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
		return path.join(this.#dir, sha256.slice(0, 2), sha256);
	}

	async put(info: MediaInfo, bytes: Buffer): Promise<void> {
		const file = this.file(info.sha256);
		const existing = await stat(file).catch(() => undefined);
		if (existing?.size !== bytes.length) {
			await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
			const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
			const handle = await open(temp, 'w', 0o600);
			try {
				await handle.writeFile(bytes);
				await handle.sync();
			} finally {
				await handle.close();
			}
			await rename(temp, file).catch(async (e: unknown) => {
				await rm(temp, { force: true });
				throw e;
			});
		}
		const replaced = this.get(info.media_id);
		this.#upsert.run(info.media_id, info.sha256, JSON.stringify(info));
		// The id had other bytes that nothing else uses: they can go.
		if (replaced && replaced.sha256 !== info.sha256) await this.#forgetIfUnused(replaced.sha256);
	}

	async #forgetIfUnused(sha256: string): Promise<void> {
		if ((this.#uses.get(sha256) as { n: number }).n === 0) {
			await rm(this.file(sha256), { force: true });
		}
	}

	get(mediaId: string): MediaInfo | undefined {
		const row = this.#get.get(mediaId) as { info: string } | undefined;
		return row && (JSON.parse(row.info) as MediaInfo);
	}

	async read(mediaId: string): Promise<Buffer | 'missing' | 'corrupt'> {
		const info = this.get(mediaId);
		if (!info) return 'missing';
		let bytes: Buffer;
		try {
			bytes = await readFile(this.file(info.sha256));
		} catch (e) {
			this.#log(`media ${mediaId}: its file cannot be read (${(e as Error).message})`);
			return 'missing';
		}
		const actual = createHash('sha256').update(bytes).digest('hex');
		if (actual === info.sha256) return bytes;
		this.#log(
			`media ${mediaId}: ${this.file(info.sha256)} does not match its hash (got ${actual})`
		);
		return 'corrupt';
	}

	list(): MediaInfo[] {
		return (this.#list.all() as { info: string }[]).map((r) => JSON.parse(r.info) as MediaInfo);
	}
}
