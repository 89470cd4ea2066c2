/**
 * What `npm start` / `npm run gateway` print once listening: a few lines (tests parse the first
 * four, in this order) and, on a terminal, the pairing link as a QR code a phone can scan.
 *
 *   [gateway] listening on http://HOST:PORT
 *   [gateway] token: TOKEN
 *   [gateway] pairing link: http://HOST:PORT/pair#url=<encoded ws url>&token=<encoded token>
 *   [gateway] v3 pairing link: the same for a Hermes Chat v3 client (url = ws://HOST:PORT/ws/app)
 *   [gateway] data: <dir> (SQLite) — or "memory (nothing is kept)"
 *   [gateway] agent: which agent answers, and where (./agents/select.ts)
 *   [gateway] v3 agents: where v3 agents connect (or that they are refused), when it matters
 */
import QRCode from 'qrcode';
import type { ConfigOptions } from './config';
import type { RunningGateway } from './server';

/** Whether `host` only this machine can reach (a phone cannot scan its way there). */
function loopback(host: string): boolean {
	return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

/** The lines to print, QR code included when `qr` says so (`tty`: stdout is a terminal). */
export async function bannerLines(
	gateway: RunningGateway,
	token: string,
	options: ConfigOptions,
	tty: boolean
): Promise<string[]> {
	const data =
		options.storeKind === 'memory'
			? `memory (nothing is kept; token in ${options.dataDir})`
			: `${options.dataDir} (SQLite)`;
	const lines = [
		`[gateway] listening on ${gateway.httpUrl}`,
		`[gateway] token: ${token}`,
		`[gateway] pairing link: ${gateway.pairingLink}`,
		`[gateway] v3 pairing link: ${gateway.v3PairingLink}`,
		`[gateway] data: ${data}`,
		`[gateway] agent: ${options.agent?.description ?? 'the demo agent (IRIS_AGENT=demo)'}`
	];
	// v3 agents (doc/v3-relay.md): where they connect, or why none can; the key is not printed.
	if (options.v3AgentKey) {
		const idle = options.agent
			? ''
			: ' (IRIS_AGENT=demo: the demo agent answers, they get nothing)';
		lines.push(`[gateway] v3 agents: ${gateway.v3AgentWsUrl}?api_key=<IRIS_V3_AGENT_KEY>${idle}`);
	} else if (options.agent) {
		lines.push(
			'[gateway] v3 agents: refused (IRIS_V3_AGENT_KEY is not set); v3 apps get "offline"'
		);
	}
	if (options.qr === 'on' || (options.qr === 'auto' && tty)) {
		const host = new URL(gateway.httpUrl).hostname.replace(/^\[|\]$/g, '');
		lines.push(
			loopback(host)
				? '[gateway] scan to pair a phone once it can reach this machine (IRIS_HOST=0.0.0.0):'
				: '[gateway] scan to pair a phone:'
		);
		const qr = await QRCode.toString(gateway.pairingLink, { type: 'terminal', small: true });
		lines.push(...qr.trimEnd().split('\n'));
	}
	return lines;
}
