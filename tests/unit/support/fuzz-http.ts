/**
 * Generated raw HTTP requests for the gateway fuzz: methods, request targets (the ones that once
 * killed the process — `//`, `//[`, `//a:b`, `/media/%E0` — and random ones built from the
 * gateway's own paths), versions, headers (missing, duplicated, oversized, malformed), WebSocket
 * upgrade variants, bodies (plain, chunked, multipart, broken). Bytes, not `http.request`: the
 * point is what a client library would never send.
 */
import type { Pick } from './fuzz-pick';

/** What the generator needs to know about the gateway under test. */
export interface HttpFuzzTarget {
	/** `host:port` for the Host header. */
	host: string;
	/** The real token: sent only to the v3 media endpoints (to reach the authenticated code). */
	token: string;
}

const KNOWN_TARGETS = [
	'//',
	'//[',
	'//a:b',
	'//evil.example/ws',
	'///ws',
	'/media/%E0',
	'/media/%E0?token=T',
	'/media/%',
	'/media/%zz',
	'/media/',
	'/media/..%2F..%2Fpackage.json',
	'/media/med_0',
	'/api/media/upload',
	'/ws',
	'/ws/app',
	'/ws/app?token=',
	'/healthz',
	'/healthz?x',
	'/pair',
	'/chat/%E0',
	'/_app/immutable/x.js',
	'/_app/%2e%2e/%2e%2e/package.json',
	'/..%2f..%2fpackage.json',
	'/%00',
	'/\\..\\package.json',
	'/__test/state',
	'/__test/media/list',
	'/__test/v3/state',
	'/__test/nothing',
	'/__test/media/%E0',
	'*',
	'http://evil.example/',
	'http://[::1',
	'',
	'?',
	'#',
	'/?%E0=%E0&token=%',
	'/ws?token=%E0'
];

const SEGMENTS = [
	'ws',
	'app',
	'media',
	'api',
	'upload',
	'healthz',
	'__test',
	'v3',
	'_app',
	'immutable',
	'..',
	'.',
	'',
	'%E0',
	'%2F',
	'%25',
	'%',
	'%c0%ae',
	'[',
	']',
	':',
	'@',
	'a:b',
	'\u00ff',
	'漢',
	'index.html'
];

const METHODS = ['GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PUT', 'DELETE', 'OPTIONS'];
const ODD_METHODS = ['PATCH', 'TRACE', 'CONNECT', 'get', 'G\u00e9T', 'PRI', 'M-SEARCH', ''];
const ORIGINS = [
	'null',
	'http://evil.example',
	'https://evil.example:8787',
	'http://127.0.0.1',
	'file://',
	'%E0',
	'http://[::1',
	''
];

function target(pick: Pick, t: HttpFuzzTarget): string {
	if (pick.chance(0.35)) return pick.one(KNOWN_TARGETS).replace('token=T', `token=${t.token}`);
	let path = '';
	for (let i = pick.int(1, 4); i > 0; i--) path += `/${pick.one(SEGMENTS)}`;
	if (pick.chance(0.05)) path = `/${'a'.repeat(pick.int(1_000, 20_000))}`;
	if (pick.chance(0.1)) path = `/${pick.one(SEGMENTS)}${pick.text().replace(/[\r\n ]/g, '')}`;
	if (pick.chance(0.3)) {
		const value = pick.one(['1', '%E0', '', '-1', '600000', 'x'.repeat(300), '%', '%00']);
		path += `?${pick.one(['ms', 'token', 'on', 'repeat', 'streams', 'bytes', '%E0'])}=${value}`;
	}
	// The real token only where it opens authenticated code that cannot change the gateway's
	// settings (the test hooks could refuse every connection for minutes).
	if (/^\/(media|api|ws\/app)/.test(path) && pick.chance(0.5)) {
		path += `${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(t.token)}`;
	}
	return path;
}

function multipart(pick: Pick): { type: string; body: Buffer } {
	const boundary = pick.one(['b', 'x'.repeat(80), '', '--', pick.chars('abc-', 10)]);
	const name = pick.text().replace(/[\r\n"]/g, '');
	const mime = pick.one(['image/png', 'text/html', 'application/x-sh', '%E0', '', 'a/b; x=\u0000']);
	const head =
		`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
		`Content-Type: ${mime}\r\n\r\n`;
	const tail = pick.chance(0.7) ? `\r\n--${boundary}--\r\n` : '';
	return {
		type: `multipart/form-data; boundary=${boundary}`,
		body: Buffer.concat([Buffer.from(head), pick.bytes(pick.int(0, 2_000)), Buffer.from(tail)])
	};
}

function upgradeHeaders(pick: Pick): string[] {
	const headers = [
		`Upgrade: ${pick.one(['websocket', 'WebSocket', 'h2c', '', 'websocket, foo'])}`,
		`Connection: ${pick.one(['Upgrade', 'upgrade, keep-alive', 'close', ''])}`
	];
	if (pick.chance(0.8)) {
		const key = pick.one(['dGhlIHNhbXBsZSBub25jZQ==', 'short', '', '%E0'.repeat(8)]);
		headers.push(`Sec-WebSocket-Key: ${key}`);
	}
	if (pick.chance(0.8)) headers.push(`Sec-WebSocket-Version: ${pick.one(['13', '8', 'x', ''])}`);
	if (pick.chance(0.3)) {
		const ext = pick.one([
			'permessage-deflate',
			'permessage-deflate; client_max_window_bits=0',
			'permessage-deflate; server_max_window_bits=99; x',
			'x-webkit-deflate-frame',
			'; ;',
			'permessage-deflate, permessage-deflate'
		]);
		headers.push(`Sec-WebSocket-Extensions: ${ext}`);
	}
	if (pick.chance(0.2)) headers.push(`Sec-WebSocket-Protocol: ${pick.one(['a, b', ',', 'x y'])}`);
	return headers;
}

/** One raw request (possibly nothing like HTTP). */
export function fuzzRequest(pick: Pick, t: HttpFuzzTarget): Buffer {
	if (pick.chance(0.03)) return pick.bytes(pick.int(1, 300));
	const method = pick.chance(0.1) ? pick.one(ODD_METHODS) : pick.one(METHODS);
	const version = pick.chance(0.9)
		? 'HTTP/1.1'
		: pick.one(['HTTP/1.0', 'HTTP/2.0', 'HTTP/9.9', 'HTTP/1.1x', '']);
	const eol = pick.chance(0.95) ? '\r\n' : '\n';
	const headers: string[] = [];
	if (pick.chance(0.9)) headers.push(`Host: ${pick.chance(0.9) ? t.host : pick.text()}`);
	if (pick.chance(0.05)) headers.push(`Host: ${t.host}`);
	if (pick.chance(0.25)) headers.push(...upgradeHeaders(pick));
	if (pick.chance(0.2)) headers.push(`Origin: ${pick.one([...ORIGINS, `http://${t.host}`])}`);
	const path = target(pick, t);
	if (pick.chance(0.2)) {
		// Never the real token to a test hook: it could refuse every connection for minutes.
		const real = path.startsWith('/__test') ? 'Bearer wrong' : `Bearer ${t.token}`;
		const auth = pick.one([real, 'Bearer', 'Bearer x y', 'Basic Zm9vOmJhcg==']);
		headers.push(`Authorization: ${auth}`);
	}
	if (pick.chance(0.05)) headers.push(`X-Big: ${'a'.repeat(pick.int(8_000, 20_000))}`);
	if (pick.chance(0.05)) headers.push(pick.one(['bad header', ': x', 'X\u0000: y', ' folded: x']));
	let body: Buffer = Buffer.alloc(0);
	const shape = pick.int(0, 9);
	if (shape <= 2) {
		const part = multipart(pick);
		headers.push(`Content-Type: ${part.type}`);
		body = part.body;
	} else if (shape === 3) {
		body = pick.bytes(pick.int(0, 4_000));
	}
	if (shape === 4) {
		headers.push('Transfer-Encoding: chunked');
		const size = pick.int(0, 50);
		const hex = pick.one([size.toString(16), 'zz', '-1', 'ffffffffffffffff']);
		body = Buffer.from(`${hex}\r\n${'a'.repeat(size)}\r\n${pick.chance(0.5) ? '0\r\n\r\n' : ''}`);
	} else if (pick.chance(0.9)) {
		const length = pick.chance(0.85)
			? String(body.length)
			: pick.one(['-1', '99999999999', 'x', '', `${body.length}, ${body.length + 1}`]);
		headers.push(`Content-Length: ${length}`);
	}
	const head = `${method} ${path} ${version}${eol}${headers.join(eol)}${eol}${eol}`;
	return Buffer.concat([Buffer.from(head, pick.chance(0.97) ? 'utf8' : 'latin1'), body]);
}
