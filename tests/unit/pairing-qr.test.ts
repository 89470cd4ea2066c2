import { describe, expect, it } from 'vitest';
import { pairingFragmentOf, pairingLink, parsePairingFragment } from '../../src/lib/pairing';
import { qrPath } from '../../src/lib/components/pairing/qr-path';

const CONFIG = { url: 'wss://iris.example/ws', token: 'a&b=c#d' };

describe('pairingLink: what "Pair another device" encodes', () => {
	it('keeps the secret in the fragment and reads back as the same pairing', () => {
		const link = pairingLink('https://iris.example', CONFIG);
		const url = new URL(link);
		expect(url.origin + url.pathname + url.search).toBe('https://iris.example/pair');
		expect(parsePairingFragment(url.hash)).toEqual(CONFIG);
	});
	it('carries the dialect and the v3 user', () => {
		const v3 = { url: 'ws://h:1/ws/app', token: 't', dialect: 'v3' as const, user_id: 'ann' };
		expect(parsePairingFragment(new URL(pairingLink('http://h:1', v3)).hash)).toEqual(v3);
	});
});

describe('pairingFragmentOf: only a pairing link is taken from a scanned code', () => {
	it('returns the fragment of a pairing link', () => {
		const link = pairingLink('http://127.0.0.1:8787', CONFIG);
		expect(pairingFragmentOf(` ${link}\n`)).toBe(new URL(link).hash);
	});
	it('refuses anything else', () => {
		for (const text of [
			'hello',
			'https://example.com/',
			'https://example.com/pair#url=nope&token=t',
			'https://example.com/pair#token=t',
			'javascript:alert(1)//pair#url=ws://x/ws&token=t',
			'https://example.com/other#url=ws://x/ws&token=t'
		]) {
			expect(pairingFragmentOf(text), text).toBeNull();
		}
	});
});

describe('qrPath', () => {
	it('draws one square per dark module on the code grid', () => {
		const { size, d } = qrPath('https://iris.example/pair#url=x');
		expect(size % 4).toBe(1); // QR sizes are 17 + 4 × version
		expect(size).toBeGreaterThanOrEqual(21);
		const squares = d.match(/M\d+ \d+h1v1h-1z/g) ?? [];
		expect(squares.join('')).toBe(d);
		// The three finder patterns alone have 3 × 33 dark modules.
		expect(squares.length).toBeGreaterThan(99);
	});
});
