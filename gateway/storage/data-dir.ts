/**
 * The data directory (`IRIS_DATA_DIR`, default `.iris/` in the working directory): mode 0700,
 * holding `iris.db` (./sqlite/open.ts), `media/` and `token` — the pairing token, generated once
 * (mode 0600) and replaced only by `npm run token:rotate`.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The token file's name inside the data directory. */
export const TOKEN_FILE = 'token';

/** Create `dir` (and parents) if needed; make it private to this user (0700). */
export function ensurePrivateDir(dir: string): void {
	mkdirSync(dir, { recursive: true, mode: 0o700 });
	if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

/** A new random token: 24 bytes, base64url (32 characters). */
export function newToken(): string {
	return randomBytes(24).toString('base64url');
}

/** The token stored in `dataDir`, or undefined when there is none yet. Throws if unreadable. */
export function readToken(dataDir: string): string | undefined {
	try {
		const token = readFileSync(path.join(dataDir, TOKEN_FILE), 'utf8').trim();
		return token || undefined;
	} catch (e) {
		if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
		throw e;
	}
}

/** Write `token` as the data directory's token (atomically, mode 0600). */
export function writeToken(dataDir: string, token: string): void {
	ensurePrivateDir(dataDir);
	const file = path.join(dataDir, TOKEN_FILE);
	const temp = `${file}.${process.pid}.tmp`;
	writeFileSync(temp, `${token}\n`, { mode: 0o600 });
	renameSync(temp, file);
}

/** The data directory's token, generated and stored on first use. */
export function tokenOf(dataDir: string): string {
	const stored = readToken(dataDir);
	if (stored) return stored;
	const token = newToken();
	writeToken(dataDir, token);
	return token;
}
