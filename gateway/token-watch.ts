/**
 * Token rotation in a running gateway: `npm run token:rotate` rewrites the data directory's token
 * file; the gateway notices (it polls the file's stat every `TOKEN_POLL_MS`), takes the new token
 * and closes every connection paired with the old one (code 4001: their next `hello` is refused,
 * so the app asks to pair again). A restart reads the file anyway.
 */
import { unwatchFile, watchFile } from 'node:fs';
import path from 'node:path';
import { readToken } from './storage/data-dir';

/** How often the token file is looked at, ms. */
export const TOKEN_POLL_MS = 1000;

/**
 * Call `onChange(token)` whenever the token in `file` changes to another non-empty one. Returns
 * the function that stops watching.
 */
export function watchToken(file: string, current: () => string, onChange: (token: string) => void) {
	const listener = () => {
		let token: string | undefined;
		try {
			token = readToken(path.dirname(file));
		} catch {
			return;
		}
		if (token && token !== current()) onChange(token);
	};
	watchFile(file, { interval: TOKEN_POLL_MS, persistent: false }, listener);
	return () => unwatchFile(file, listener);
}
