/**
 * Which Web Push endpoints the gateway will POST to. A subscription is sent by a client, so its
 * endpoint is a URL a client chose: without a check, the gateway would make requests to its own
 * network (a router's admin page, a cloud metadata service, `127.0.0.1`) for whoever holds the
 * token. Real push services are public https hosts; so only those are accepted:
 *
 * - `https:` only, no user name or password in the URL;
 * - the host is not a loopback, private, link-local, shared (CGNAT), multicast or reserved
 *   address, nor `localhost`, `*.localhost`, `*.local`, `*.internal`, and (checked again at send
 *   time, `resolvesToPrivate`) does not resolve to one.
 *
 * `allowPrivate` (`IRIS_PUSH_ALLOW_PRIVATE=1`, tests only) lifts all of it, for a stand-in push
 * service on 127.0.0.1 over http.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, bits] of [
	['0.0.0.0', 8],
	['10.0.0.0', 8],
	['100.64.0.0', 10],
	['127.0.0.0', 8],
	['169.254.0.0', 16],
	['172.16.0.0', 12],
	['192.0.0.0', 24],
	['192.0.2.0', 24],
	['192.168.0.0', 16],
	['198.18.0.0', 15],
	['198.51.100.0', 24],
	['203.0.113.0', 24],
	['224.0.0.0', 3]
] as const) {
	blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
	['::', 127],
	['fc00::', 7],
	['fe80::', 10],
	['ff00::', 8],
	['64:ff9b::', 96],
	['2001:db8::', 32]
] as const) {
	blocked.addSubnet(net, bits, 'ipv6');
}

/** Whether `ip` (an IPv4 or IPv6 literal) is not a public address. */
export function isPrivateAddress(ip: string): boolean {
	const bare = ip.replace(/^\[|\]$/g, '');
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
	if (mapped) return blocked.check(mapped[1]!, 'ipv4');
	const version = isIP(bare);
	if (version === 0) return false;
	return blocked.check(bare, version === 4 ? 'ipv4' : 'ipv6');
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|home\.arpa)\.?$/i;

/** Why `raw` is not an acceptable push endpoint, or undefined when it is. */
export function endpointProblem(raw: string, allowPrivate = false): string | undefined {
	let url: URL;
	try {
		url = new URL(raw);
	} catch {
		return 'the push endpoint is not a URL';
	}
	if (allowPrivate) {
		return url.protocol === 'https:' || url.protocol === 'http:'
			? undefined
			: 'the push endpoint must be an http(s) URL';
	}
	if (url.protocol !== 'https:') return 'the push endpoint must be an https: URL';
	if (url.username || url.password) return 'the push endpoint must not carry credentials';
	const host = url.hostname;
	if (isPrivateAddress(host) || LOCAL_NAMES.test(host) || !host.includes('.')) {
		return 'the push endpoint must be on a public host';
	}
	return undefined;
}

/** Whether `hostname` resolves to a private address (a name, or a literal); lookup errors: false. */
export async function resolvesToPrivate(hostname: string): Promise<boolean> {
	if (isIP(hostname.replace(/^\[|\]$/g, ''))) return isPrivateAddress(hostname);
	const addresses = await lookup(hostname, { all: true }).catch(() => []);
	return addresses.some((a) => isPrivateAddress(a.address));
}
