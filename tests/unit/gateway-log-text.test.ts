/**
 * What clients send never forges a log line: newlines, ANSI escapes and bidi controls in frame
 * fields come out escaped, on the one line the gateway meant to write.
 */
import { afterEach, expect, it } from 'vitest';
import { escapeLogText, quoted } from '../../gateway/log-text';
import { TOKEN, TestClient, startTestGateway, type TestGateway } from './gateway-helpers';

let t: TestGateway | undefined;
afterEach(async () => {
	await t?.stop();
	t = undefined;
});

// Control characters, DEL, C1, line separators, bidi controls, lone surrogates.
const UNSAFE =
	// eslint-disable-next-line no-control-regex -- looking for control characters is the point
	/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udfff]/u;

it('escapes control, separator and bidi characters, and cuts long text', () => {
	expect(escapeLogText('a\nb\r\tc\u001b[2J\u202ed\u2028')).toBe(
		'a\\nb\\r\\tc\\x1b[2J\\u202ed\\u2028'
	);
	expect(escapeLogText('lone \ud800 surrogate')).toBe('lone \\ud800 surrogate');
	expect(escapeLogText('👩‍💻 漢字 C:\\path')).toBe('👩‍💻 漢字 C:\\path');
	expect(escapeLogText('x'.repeat(30), 10)).toBe(`${'x'.repeat(10)}… (20 more characters)`);
	expect(quoted('a\nb')).toBe('"a\\nb"');
});

it('logs a hostile device name and frame type on one escaped line each', async () => {
	t = await startTestGateway();
	const forged = 'phone\n[gateway] authenticated device admin\u001b[2J\u202e';
	const client = await TestClient.connect(t.gw.wsUrl);
	await client.request('hello', { token: TOKEN, device_id: 'd-1', device_name: forged });
	const answer = await client.request(`x\r\n[gateway] token rotated\u0085`, {});
	expect(answer.type).toBe('error');
	await client.close();
	expect(
		t.logs.some((l) => l.includes('phone\\n[gateway] authenticated device admin\\x1b[2J'))
	).toBe(true);
	expect(t.logs.filter((l) => UNSAFE.test(l))).toEqual([]);
	expect(t.logs.filter((l) => l.startsWith('[gateway] token rotated'))).toEqual([]);
});
