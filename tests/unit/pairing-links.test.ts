import { describe, expect, it } from 'vitest';
import {
	gatewayHost,
	pairingDecision,
	parsePairingFragment,
	socketUrlFromInput
} from '../../src/lib/pairing';

const HOME = { url: 'ws://127.0.0.1:8787/ws', token: 't1' };

describe('pairingDecision: a pairing link never re-pairs silently', () => {
	it('a first pairing with the gateway on the app host pairs at once', () => {
		expect(pairingDecision(null, HOME, '127.0.0.1:8787')).toEqual({ kind: 'pair' });
		expect(
			pairingDecision(null, { url: 'wss://Iris.Example/ws', token: 'x' }, 'iris.example')
		).toEqual({
			kind: 'pair'
		});
	});

	it('a first pairing with a gateway on another host (or port) asks first, naming it', () => {
		expect(
			pairingDecision(null, { url: 'wss://evil.example/ws', token: 'x' }, '127.0.0.1:8787')
		).toEqual({
			kind: 'confirm-first',
			host: 'evil.example'
		});
		expect(
			pairingDecision(null, { url: 'ws://127.0.0.1:9999/ws', token: 'x' }, '127.0.0.1:8787')
		).toEqual({
			kind: 'confirm-first',
			host: '127.0.0.1:9999'
		});
	});

	it('a paired app asked to pair elsewhere asks, showing both hosts, also for the app host', () => {
		const current = { url: 'wss://home.example/ws', token: 't' };
		expect(
			pairingDecision(current, { url: 'wss://evil.example/ws', token: 'x' }, 'home.example')
		).toEqual({
			kind: 'confirm-switch',
			from: 'home.example',
			to: 'evil.example'
		});
		// Same gateway, another token (or dialect, or user): still a change the user must accept.
		expect(pairingDecision(current, { ...current, token: 'other' }, 'home.example').kind).toBe(
			'confirm-switch'
		);
		expect(pairingDecision(current, { ...current, dialect: 'v3' }, 'home.example').kind).toBe(
			'confirm-switch'
		);
	});

	it('the same pairing again is nothing to do', () => {
		expect(pairingDecision(HOME, { ...HOME }, '127.0.0.1:8787')).toEqual({ kind: 'same' });
	});
});

describe('pairing links', () => {
	it('parses the fragment', () => {
		expect(parsePairingFragment('#url=ws%3A%2F%2Fh%2Fws&token=abc&dialect=v3&user=me')).toEqual({
			url: 'ws://h/ws',
			token: 'abc',
			dialect: 'v3',
			user_id: 'me'
		});
		expect(parsePairingFragment('#url=https%3A%2F%2Fh&token=abc')).toBeNull();
	});

	it('gatewayHost shows host and port, never the token', () => {
		expect(gatewayHost('wss://gw.example:8443/ws/app?token=secret')).toBe('gw.example:8443');
		expect(gatewayHost('not a url')).toBe('not a url');
	});
});

describe('socketUrlFromInput', () => {
	it('keeps socket URLs as typed', () => {
		expect(socketUrlFromInput(' ws://10.0.0.2:8787/ws ')).toBe('ws://10.0.0.2:8787/ws');
		expect(socketUrlFromInput('wss://h.example/ws/app')).toBe('wss://h.example/ws/app');
	});

	it('turns the page address a gateway prints into its socket URL', () => {
		expect(socketUrlFromInput('http://127.0.0.1:8787')).toBe('ws://127.0.0.1:8787/ws');
		expect(socketUrlFromInput('http://127.0.0.1:8787/')).toBe('ws://127.0.0.1:8787/ws');
		expect(socketUrlFromInput('https://iris.example')).toBe('wss://iris.example/ws');
		expect(socketUrlFromInput('https://h.example/ws/app')).toBe('wss://h.example/ws/app');
	});

	it('refuses anything else', () => {
		expect(socketUrlFromInput('127.0.0.1:8787')).toBeNull();
		expect(socketUrlFromInput('ftp://h/')).toBeNull();
		expect(socketUrlFromInput('')).toBeNull();
		expect(socketUrlFromInput('http://')).toBeNull();
	});
});
