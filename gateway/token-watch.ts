/**
 * Token rotation in a running gateway: `npm run token:rotate` rewrites the data directory's token
 * file; the gateway reads it every `TOKEN_POLL_MS` (a 40-byte read; no change-notification
 * baseline that a rewrite during start-up could slip past), takes a new token and closes every
 * connection paired with the old one (code 4001: their next `hello` is refused, so the app asks to
 * pair again). A restart reads the file anyway.
 */
import path from 'node:path';
import { readToken } from './storage/data-dir';

/** How often the token file is read, ms. */
export const TOKEN_POLL_MS = 1000;

/**
 * Call `onChange(token)` whenever the token in `file` (a data directory's token file) differs
 * from `current()`. Returns the function that stops watching.
 */
export function watchToken(
	file: string,
	current: () => string,
	onChange: (token: string) => void
): () => void {
	const timer = setInterval(() => {
		let token: string | undefined;
		try {
			token = readToken(path.dirname(file));
		} catch {
			return; // Unreadable for a moment (being replaced): the next look will do.
		}
		if (token && token !== current()) onChange(token);
	}, TOKEN_POLL_MS);
	timer.unref();
	return () => clearInterval(timer);
}
