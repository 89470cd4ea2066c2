/**
 * Whether two query results are the same value: what a `LiveQuery` subscribed afresh (only to
 * let Dexie drop what it kept, `state/live.svelte.ts`) compares its first result with, so an
 * unchanged result changes nothing on screen: no re-render of a list, no new object URL for a
 * picture or a playing voice message, no settings form reset.
 *
 * Structural: primitives by `Object.is`; arrays and plain objects by their elements and own
 * enumerable keys, recursively; dates by time; array buffers and typed arrays by bytes; blobs by
 * size and type (the stored bytes of an id do not change, and reading them to compare would cost
 * what the comparison saves). Anything else is the same only if it is the same object.
 */
export function sameValue(a: unknown, b: unknown): boolean {
	if (Object.is(a, b)) return true;
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
	if (Array.isArray(a)) return Array.isArray(b) && sameItems(a, b);
	if (a instanceof Blob) return b instanceof Blob && a.size === b.size && a.type === b.type;
	if (a instanceof Date) return b instanceof Date && a.getTime() === b.getTime();
	if (a instanceof ArrayBuffer || ArrayBuffer.isView(a)) return sameBytes(a, b);
	if (!isPlain(a) || !isPlain(b)) return false;
	const keys = Object.keys(a);
	if (keys.length !== Object.keys(b).length) return false;
	return keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]));
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
	return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
}

function isPlain(value: object): value is Record<string, unknown> {
	const proto = Object.getPrototypeOf(value) as unknown;
	return proto === Object.prototype || proto === null;
}

function bytesOf(value: ArrayBuffer | ArrayBufferView): Uint8Array {
	return value instanceof ArrayBuffer
		? new Uint8Array(value)
		: new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
}

function sameBytes(a: ArrayBuffer | ArrayBufferView, b: object): boolean {
	if (!(b instanceof ArrayBuffer || ArrayBuffer.isView(b))) return false;
	if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
	const [x, y] = [bytesOf(a), bytesOf(b)];
	return x.length === y.length && x.every((byte, i) => byte === y[i]);
}
