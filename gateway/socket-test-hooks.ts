/**
 * Test-only: `POST /__test/drop-sockets` (served only with `IRIS_TEST_HOOKS=1`) cuts every open
 * WebSocket of either dialect at once, without a close handshake — a dropped link, for the e2e
 * scenario "a disconnect mid-stream loses nothing and duplicates nothing" (issue 9). Answers
 * `{dropped: n}`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebSocketServer } from 'ws';

/** The path this endpoint owns. */
export const DROP_SOCKETS_PATH = '/__test/drop-sockets';

/** Answer `POST /__test/drop-sockets`; false if the request is not for it. */
export function handleDropSockets(
	req: IncomingMessage,
	res: ServerResponse,
	wss: WebSocketServer,
	log: (line: string) => void
): boolean {
	if ((req.url ?? '').split('?', 1)[0] !== DROP_SOCKETS_PATH || req.method !== 'POST') return false;
	const clients = [...wss.clients];
	for (const ws of clients) ws.terminate();
	log(`test hook: ${clients.length} sockets cut`);
	res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
	res.end(JSON.stringify({ dropped: clients.length }));
	return true;
}
