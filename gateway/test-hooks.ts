/**
 * Fault injection over HTTP, only when the gateway runs with `IRIS_TEST_HOOKS=1`.
 * Every endpoint is under `/__test/`; all answer JSON. Durations are in ms.
 *
 * | request                             | effect                                                      |
 * |-------------------------------------|-------------------------------------------------------------|
 * | `POST /__test/drop`                 | cut every WebSocket at once (no close handshake)            |
 * | `POST /__test/refuse?ms=N`          | refuse WebSocket upgrades (503) for N ms                    |
 * | `POST /__test/delay?ms=N`           | hold every outgoing frame N ms (0 = off), order kept        |
 * | `POST /__test/duplicate?on=1`       | send every outgoing frame twice (`on=0` = off)              |
 * | `POST /__test/inject?repeat=N`      | send the body as a raw text frame to every authenticated    |
 * | (body)                              | connection, N times (default 1); `{{i}}` in the body is     |
 * |                                     | replaced by 0, 1, 2 … (a flood of distinct frames)          |
 * | `POST /__test/restart`              | cut all sockets, finish running turns, and start a new hub  |
 * |                                     | on the same store (as a restarted process would)            |
 * | `POST /__test/hold?after=N`         | let N (default 0) more streaming steps of Iris demo turns   |
 * |                                     | run, then hold the rest (v3 demo replies are not held);     |
 * |                                     | answers how many are held now (`GET` asks without change)   |
 * | `POST /__test/release`              | let held demo steps run again (a restart releases them too) |
 * | `POST /__test/reset`                | switch all faults off (and release held steps)              |
 * | `GET /__test/state`                 | counters and every user message accepted, in order          |
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MessagePayload } from '../src/lib/protocol/iris';
import type { Faults } from './faults';
import type { RequestTarget } from './http/target';
import type { HubStats } from './hub';

/** Path prefix of the hooks. */
export const TEST_HOOKS_PREFIX = '/__test/';
/** Largest injected frame body accepted, bytes (room for a 10 MB frame). */
const MAX_INJECT_BYTES = 32 * 1024 * 1024;

/** What the hooks act on; provided by `startGateway`. */
export interface TestHookTarget {
	faults: Faults;
	/** Cut every socket; returns how many. */
	dropAll(): number;
	/** Send raw text to every authenticated connection; returns how many. */
	inject(text: string): number;
	/** Restart in place, keeping the state. */
	restart(): Promise<void>;
	/** Counters and accepted user messages (oldest first). */
	state(): { stats: HubStats; connections: number; user_messages: MessagePayload[] };
}

function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (c: Buffer) => {
			size += c.length;
			if (size > MAX_INJECT_BYTES) {
				reject(new Error('body too large'));
				req.destroy();
			} else chunks.push(c);
		});
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

function reply(res: ServerResponse, status: number, body: unknown): void {
	res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
	res.end(JSON.stringify(body));
}

function msParam(query: URLSearchParams): number | null {
	const ms = Number(query.get('ms'));
	return Number.isInteger(ms) && ms >= 0 && ms <= 600_000 ? ms : null;
}

/**
 * Answer a request under `/__test/`. Returns false if the path is not a hook (the caller serves
 * it as usual). Never throws: failures answer 500.
 */
export async function handleTestHook(
	req: IncomingMessage,
	res: ServerResponse,
	target: TestHookTarget,
	{ pathname, query }: RequestTarget,
	log: (line: string) => void
): Promise<boolean> {
	if (!pathname.startsWith(TEST_HOOKS_PREFIX)) return false;
	const name = pathname.slice(TEST_HOOKS_PREFIX.length);
	const { faults } = target;
	try {
		if (req.method === 'GET' && name === 'state') {
			reply(res, 200, target.state());
			return true;
		}
		if (req.method === 'GET' && name === 'hold') {
			reply(res, 200, { held: faults.steps.held });
			return true;
		}
		if (req.method !== 'POST') {
			reply(res, 405, { error: 'use POST' });
			return true;
		}
		switch (name) {
			case 'drop':
				reply(res, 200, { dropped: target.dropAll() });
				break;
			case 'refuse':
			case 'delay': {
				const ms = msParam(query);
				if (ms === null) return (reply(res, 400, { error: 'ms must be 0…600000' }), true);
				if (name === 'refuse') faults.refuseUntil = Date.now() + ms;
				else faults.delayMs = ms;
				reply(res, 200, { ms });
				break;
			}
			case 'duplicate':
				faults.duplicate = query.get('on') !== '0';
				reply(res, 200, { duplicate: faults.duplicate });
				break;
			case 'inject': {
				const repeat = Number(query.get('repeat') ?? '1');
				if (!Number.isInteger(repeat) || repeat < 1 || repeat > 1_000_000) {
					return (reply(res, 400, { error: 'repeat must be 1…1000000' }), true);
				}
				const body = await readBody(req);
				const parts = body.split('{{i}}');
				let sent = 0;
				for (let i = 0; i < repeat; i++) sent = target.inject(parts.join(String(i)));
				reply(res, 200, { sent, repeat });
				break;
			}
			case 'hold': {
				const after = Number(query.get('after') ?? '0');
				if (!Number.isInteger(after) || after < 0 || after > 1_000_000) {
					return (reply(res, 400, { error: 'after must be 0…1000000' }), true);
				}
				faults.steps.holdAfter(after);
				reply(res, 200, { after, held: faults.steps.held });
				break;
			}
			case 'release':
				faults.steps.release();
				reply(res, 200, { released: true });
				break;
			case 'restart':
				await target.restart();
				reply(res, 200, { restarted: true });
				break;
			case 'reset':
				faults.reset();
				reply(res, 200, { reset: true });
				break;
			default:
				reply(res, 404, { error: `no test hook "${name}"` });
				return true;
		}
		log(`test hook: ${name}${query.size ? `?${query}` : ''}`);
	} catch (e) {
		reply(res, 500, { error: (e as Error).message });
	}
	return true;
}
