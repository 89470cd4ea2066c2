import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REDACTED_TOKEN, frameRecorder, redactToken } from '../../gateway/recorder';
import { TOKEN, TestClient, startTestGateway } from './gateway-helpers';

const dirs: string[] = [];
afterEach(async () => {
	for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function tempFile(): Promise<string> {
	const dir = await mkdtemp(path.join(tmpdir(), 'iris-recorder-'));
	dirs.push(dir);
	return path.join(dir, 'frames.jsonl');
}

describe('frame recording keeps the token out of the file', () => {
	it('a hello frame is recorded with its token redacted, still a hello with a string token', () => {
		const hello = JSON.stringify({ v: 1, type: 'hello', id: 1, payload: { token: 's3cret' } });
		const out = JSON.parse(redactToken(hello)) as { type: string; payload: { token: string } };
		expect(out.type).toBe('hello');
		expect(out.payload.token).toBe(REDACTED_TOKEN);
	});

	it('other frames, and text that is not JSON, are recorded as they came', () => {
		const send = JSON.stringify({ v: 1, type: 'message.send', payload: { text: '"token"' } });
		expect(redactToken(send)).toBe(send);
		expect(redactToken('{"token": oops')).toBe('{"token": oops');
	});

	it('a real gateway recording a pairing never writes the token', async () => {
		const file = await tempFile();
		const record = frameRecorder(file);
		record('in', JSON.stringify({ v: 1, type: 'hello', id: 1, payload: { token: 'abc123xyz' } }));
		expect(await readFile(file, 'utf8')).not.toContain('abc123xyz');

		const gatewayFile = await tempFile();
		const t = await startTestGateway({ recordFrames: gatewayFile });
		try {
			const [client] = await TestClient.paired(t.gw.wsUrl);
			await client.close();
		} finally {
			await t.stop();
		}
		const recording = await readFile(gatewayFile, 'utf8');
		expect(recording).toContain('"type\\":\\"hello\\"');
		expect(recording).not.toContain(TOKEN);
	});
});

describe('frame recording that can no longer write', () => {
	it('stops, says so once, and never throws into the gateway', async () => {
		const file = await tempFile();
		const stops: unknown[] = [];
		const record = frameRecorder(file, (error) => stops.push(error));
		record('out', '{"v":1,"type":"status","payload":{"state":"ok"}}');
		// Another run cleans its output directory while this gateway serves.
		await rm(path.dirname(file), { recursive: true, force: true });
		expect(() => record('out', '{"v":1,"type":"pong"}')).not.toThrow();
		expect(() => record('in', '{"v":1,"type":"ping"}')).not.toThrow();
		expect(stops).toHaveLength(1);
		expect(String(stops[0])).toMatch(/ENOENT/);
	});
});
