/**
 * Gap filling (doc/protocol.md "Reconnect and sync": "the server may also answer gaps with
 * nothing; the client then fills visible gaps with `history` pages"). After every `sync.done`
 * the worker asks each known channel for its newest page; the answers go through the normal,
 * idempotent apply, so messages already stored change nothing and a message whose frames fell
 * out of the server's replay log (or whose ack was lost) shows up — and its outbox row is
 * cleared, so it is not sent again.
 */
import type { IrisDB } from '../db/schema';
import type { Link } from './link';

/** Messages asked for per channel (the spec allows up to 200). */
export const GAP_FILL_LIMIT = 50;

/**
 * Ask every stored channel for its newest `history` page. Never throws. `onPage(chat_id)` runs
 * once a channel's page has been answered (by then the frames before it have been received).
 */
export async function requestNewestPages(
	db: IrisDB,
	link: Link,
	report: (line: string) => void,
	onPage?: (chat_id: string) => void
): Promise<void> {
	let chatIds: string[];
	try {
		chatIds = (await db.channels.toArray()).map((c) => c.chat_id);
	} catch (e) {
		report(`gap fill: could not read channels: ${(e as Error).message}`);
		return;
	}
	for (const chat_id of chatIds) {
		if (!link.ready) return;
		link.request({ type: 'history', chat_id, payload: { limit: GAP_FILL_LIMIT } }).answer.then(
			() => onPage?.(chat_id),
			(e: Error) => report(`gap fill ${chat_id}: ${e.message}`)
		);
	}
}
