/**
 * The name this device gives itself in `hello.device_name` (doc/protocol.md "Transport and
 * handshake"), so the gateway's list of devices reads "Chrome on Linux" rather than an id. The
 * user may replace it in Settings › Connection (stored in `meta.device_name`).
 */

/** Longest device name kept, in UTF-16 code units (a gateway shows it in one line). */
export const DEVICE_NAME_MAX = 64;

const BROWSERS: readonly [RegExp, string][] = [
	[/\bEdgA?\//, 'Edge'],
	[/\b(?:OPR|Opera)\//, 'Opera'],
	[/\b(?:Firefox|FxiOS)\//, 'Firefox'],
	// Also `HeadlessChrome/` (no word boundary before `Chrome`).
	[/(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
	[/\bVersion\/[\d.]+.*\bSafari\//, 'Safari']
];

const SYSTEMS: readonly [RegExp, string][] = [
	[/\bAndroid\b/, 'Android'],
	[/\biPad\b/, 'iPadOS'],
	[/\b(?:iPhone|iPod)\b/, 'iOS'],
	[/\bCrOS\b/, 'ChromeOS'],
	[/\bWindows\b/, 'Windows'],
	[/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
	[/\bLinux\b/, 'Linux']
];

/**
 * A readable default name from a `navigator.userAgent` string: "<browser> on <system>", e.g.
 * `Chrome on Linux`; either part falls back ("Browser", or the browser alone).
 */
export function defaultDeviceName(userAgent: string): string {
	const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1] ?? 'Browser';
	const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
	return system ? `${browser} on ${system}` : browser;
}

/** `name` trimmed, inner runs of white space made one space, cut to `DEVICE_NAME_MAX`. */
export function cleanDeviceName(name: string): string {
	return name.replace(/\s+/g, ' ').trim().slice(0, DEVICE_NAME_MAX);
}
