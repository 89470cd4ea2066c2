/**
 * Opening the SQLite data directory: schema migrations (old → new, newer refused), damaged and
 * locked files refused without a byte changed, and the one-time import of an older gateway's
 * `IRIS_STATE_FILE`.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { frame } from '../../src/lib/protocol/iris';
import { importStateFile, type StateFile } from '../../gateway/storage/import';
import { MemoryStore } from '../../gateway/storage/memory';
import { MIGRATIONS, SCHEMA_VERSION } from '../../gateway/storage/sqlite/migrations';
import { DB_FILE, StoreOpenError, openSqliteStore } from '../../gateway/storage/sqlite/open';
import { tokenOf, writeToken } from '../../gateway/storage/data-dir';

const dirs: string[] = [];
afterEach(async () => {
	for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
	const dir = await mkdtemp(path.join(tmpdir(), 'iris-open-'));
	dirs.push(dir);
	return dir;
}

/** Every file of `dir` with its SHA-256: "nothing changed" means this is equal before and after. */
async function fingerprint(dir: string): Promise<Record<string, string>> {
	const out: Record<string, string> = {};
	for (const name of await readdir(dir)) {
		out[name] = createHash('sha256')
			.update(await readFile(path.join(dir, name)))
			.digest('hex');
	}
	return out;
}

const NEXT: typeof MIGRATIONS = [
	...MIGRATIONS,
	{ name: 'a later version', up: 'ALTER TABLE messages ADD COLUMN pinned INTEGER' }
];

describe('schema migrations', () => {
	it('a new directory gets the latest schema, private to its user', async () => {
		const dir = path.join(await tempDir(), 'data');
		openSqliteStore(dir).close();
		const db = new Database(path.join(dir, DB_FILE), { readonly: true });
		expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
		db.close();
		expect((await stat(dir)).mode & 0o777).toBe(0o700);
	});

	it('an older schema is brought up to date and keeps its data', async () => {
		const dir = await tempDir();
		const old = openSqliteStore(dir);
		old.messages.add({ scope: { chat_id: 'default' }, message: { message_id: 'm1', ts: 1 } });
		old.close();
		const upgraded = openSqliteStore(dir, { migrations: NEXT });
		expect(upgraded.messages.all().map((m) => m.message.message_id)).toEqual(['m1']);
		upgraded.close();
		const db = new Database(path.join(dir, DB_FILE), { readonly: true });
		expect(db.pragma('user_version', { simple: true })).toBe(NEXT.length);
		expect(db.prepare('SELECT pinned FROM messages').get()).toEqual({ pinned: null });
		db.close();
	});

	it('a directory written by a newer gateway is refused and left untouched', async () => {
		const dir = await tempDir();
		openSqliteStore(dir, { migrations: NEXT }).close();
		const before = await fingerprint(dir);
		expect(() => openSqliteStore(dir)).toThrow(StoreOpenError);
		expect(() => openSqliteStore(dir)).toThrow(
			new RegExp(`${path.join(dir, DB_FILE)} was written by a newer Iris gateway`)
		);
		expect(await fingerprint(dir)).toEqual(before);
	});
});

describe('a store that cannot be opened', () => {
	it('a damaged file is refused with what to do; nothing is written', async () => {
		const dir = await tempDir();
		await writeFile(path.join(dir, DB_FILE), 'this is not a database '.repeat(100));
		const before = await fingerprint(dir);
		expect(() => openSqliteStore(dir)).toThrow(/iris\.db is damaged .*restore it from a backup/);
		expect(await fingerprint(dir)).toEqual(before);
	});

	it('a directory another gateway holds is refused as locked', async () => {
		const dir = await tempDir();
		const first = openSqliteStore(dir);
		expect(() => openSqliteStore(dir)).toThrow(/is locked: another gateway is using/);
		first.close();
		openSqliteStore(dir).close();
	});
});

describe('the token file', () => {
	it('is made once (mode 0600) and kept; a rotation replaces it', async () => {
		const dir = await tempDir();
		const token = tokenOf(dir);
		expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
		expect(tokenOf(dir)).toBe(token);
		expect((await stat(path.join(dir, 'token'))).mode & 0o777).toBe(0o600);
		writeToken(dir, 'rotated');
		expect(tokenOf(dir)).toBe('rotated');
	});
});

/** A state file as the file-backed gateway wrote it. */
function stateFile(): StateFile {
	const scope = { chat_id: 'default' };
	return {
		events: {
			latest: 9,
			entries: [
				{
					position: 7,
					frame: frame(
						'message',
						{ message_id: 'old-1', role: 'user' as const, text: 'hi', ts: 5 },
						scope
					)
				},
				{ position: 9, frame: frame('agent.idle', {}, scope) }
			]
		},
		store: {
			scopes: [{ scope, messages: [{ message_id: 'old-1', role: 'user', text: 'hi', ts: 5 }] }]
		},
		channels: [{ chat_id: 'default', name: 'Home', kind: 'default', is_default: true }],
		reads: { default: 'old-1' },
		state: 'degraded'
	};
}

describe('IRIS_STATE_FILE import', () => {
	it.each([
		['sqlite', async (dir: string) => openSqliteStore(dir)],
		['memory', async () => new MemoryStore()]
	])('imports once, keeping positions (%s)', async (_kind, make) => {
		const dir = await tempDir();
		const file = path.join(dir, 'state.json');
		await writeFile(file, JSON.stringify(stateFile()));
		const store = await make(dir);
		expect(await importStateFile(store, file)).toEqual({ imported: true, messages: 1, frames: 2 });
		expect(store.messages.findByClientMsgId('x')).toBeUndefined();
		expect(store.messages.history({ chat_id: 'default' })?.messages[0]?.text).toBe('hi');
		expect(store.events.latest).toBe(9);
		expect(store.events.since(7).map((f) => f.type)).toEqual(['agent.idle']);
		expect(store.events.append(frame('agent.idle', {}))).toBe(10);
		expect(store.channels.list()[0]?.name).toBe('Home');
		expect(store.meta.get('reads')).toEqual({ default: 'old-1' });
		expect(await importStateFile(store, file)).toEqual({
			imported: false,
			reason: 'already imported'
		});
		store.close();
	});

	it('is remembered across restarts, and a store with state is never merged into', async () => {
		const dir = await tempDir();
		const file = path.join(dir, 'state.json');
		await writeFile(file, JSON.stringify(stateFile()));
		const first = openSqliteStore(dir);
		await importStateFile(first, file);
		first.close();
		const again = openSqliteStore(dir);
		expect((await importStateFile(again, file)).imported).toBe(false);
		const other = path.join(dir, 'other.json');
		await writeFile(other, JSON.stringify(stateFile()));
		expect(await importStateFile(again, other)).toEqual({
			imported: false,
			reason: 'store not empty'
		});
		expect(again.messages.all()).toHaveLength(1);
		again.close();
	});
});
