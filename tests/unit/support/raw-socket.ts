/**
 * Raw TCP exchanges with a gateway, for the fuzz: write bytes exactly as given, read whatever comes
 * back, never throw. A client library would refuse to send most of what the fuzz sends.
 */
import { connect, type Socket } from 'node:net';

/** What came back: the status of the first response line (0 = none) and the bytes read. */
export interface RawAnswer {
	status: number;
	received: number;
}

function statusOf(head: string): number {
	return Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
}

/**
 * Open a connection from `localAddress` to `port` on 127.0.0.1, write `chunks` one after another,
 * half-close, and resolve once the server has closed it (or after `timeoutMs`, then cut).
 * `afterHandshake`, when given, is written only once a `101` arrived (frames after an upgrade).
 */
export function rawExchange(
	port: number,
	request: Buffer,
	opts: { localAddress?: string; timeoutMs?: number; afterHandshake?: Buffer[] } = {}
): Promise<RawAnswer> {
	return new Promise((resolve) => {
		let head = '';
		let received = 0;
		let upgraded = false;
		const socket: Socket = connect({ port, host: '127.0.0.1', localAddress: opts.localAddress });
		const timer = setTimeout(() => socket.destroy(), opts.timeoutMs ?? 2_000);
		const finish = () => {
			clearTimeout(timer);
			resolve({ status: statusOf(head), received });
		};
		socket.on('error', () => {});
		socket.on('close', finish);
		socket.on('data', (chunk: Buffer) => {
			received += chunk.length;
			if (head.length < 64) head += chunk.toString('latin1');
			if (!upgraded && opts.afterHandshake && statusOf(head) === 101) {
				upgraded = true;
				for (const frame of opts.afterHandshake) socket.write(frame);
				socket.end();
			}
		});
		socket.on('connect', () => {
			socket.write(request);
			// Frames wait for the handshake; a plain request is complete: say so.
			if (!opts.afterHandshake) socket.end();
		});
	});
}

/** A valid upgrade request for `path` (no Origin: a non-browser client). */
export function upgradeRequest(port: number, path: string): Buffer {
	return Buffer.from(
		`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\n` +
			'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n' +
			'Sec-WebSocket-Version: 13\r\n\r\n'
	);
}
