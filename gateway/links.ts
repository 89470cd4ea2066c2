/** Hosts in the URLs the gateway prints (pairing links, QR code). */
import { networkInterfaces } from 'node:os';

/** `[::1]` for IPv6 literals, the host unchanged otherwise. */
export function urlHost(host: string): string {
	return host.includes(':') ? `[${host}]` : host;
}

/**
 * The host the printed links use: the listening address, except for a wildcard one (`0.0.0.0`,
 * `::`), where a phone needs a real address: this machine's first non-internal IPv4.
 */
export function linkHost(host: string): string {
	if (host !== '0.0.0.0' && host !== '::') return host;
	const addresses = Object.values(networkInterfaces()).flat();
	return addresses.find((a) => a && a.family === 'IPv4' && !a.internal)?.address ?? '127.0.0.1';
}
