import { describe, expect, it } from 'vitest';
import { frame } from '../../src/lib/protocol/iris';
import { readConfig } from '../../gateway/config';
import { demoReply, streamSteps } from '../../gateway/demo-agent';
import { MemoryReplayLog } from '../../gateway/storage/memory-replay';
import { MonotonicClock } from '../../gateway/clock';

describe('demoReply', () => {
	it('is markdown with heading, quote, list, ts code, table and link', () => {
		const user = 'Show me <script>alert(1)</script> & `code` **now**';
		const reply = demoReply(user);
		expect(reply).toMatch(/^## /m);
		expect(reply).toContain(`> ${user}`);
		expect(reply).toMatch(/^- /m);
		expect(reply).toMatch(/^```ts\n[\s\S]*?\n```$/m);
		expect(reply).toMatch(/^\| .* \|\n\| --- \| --- \|\n\|.*\|\n\|.*\|$/m);
		expect(reply).toContain('[Hermes docs](https://example.com/hermes)');
		expect(demoReply(user)).toBe(reply);
	});

	it('quotes every line of a multi-line message', () => {
		expect(demoReply('one\ntwo')).toContain('> one\n> two');
	});
});

describe('streamSteps', () => {
	it('grows by prefix extension and ends with the full text', () => {
		const text = demoReply('hi there');
		const steps = streamSteps(text);
		expect(steps.length).toBeGreaterThanOrEqual(10);
		expect(steps.at(-1)).toBe(text);
		for (let i = 1; i < steps.length; i++) {
			expect(steps[i]?.startsWith(steps[i - 1] ?? '')).toBe(true);
			expect(steps[i]?.length).toBeGreaterThan(steps[i - 1]?.length ?? 0);
		}
	});

	it('bounds the number of steps for long texts', () => {
		const long = 'word '.repeat(5000);
		const steps = streamSteps(long);
		expect(steps.length).toBeLessThanOrEqual(300);
		expect(steps.at(-1)).toBe(long);
		expect(streamSteps('')).toEqual([]);
		expect(streamSteps('   ')).toEqual(['   ']);
	});
});

describe('MemoryReplayLog', () => {
	it('keeps only the newest frames (the memory store is bounded)', () => {
		const log = new MemoryReplayLog(3);
		for (let i = 0; i < 5; i++)
			log.append(frame('message.update', { message_id: `m${i}`, text: 't' }));
		expect(log.latest).toBe(5);
		expect(
			log.since(0).map((f) => (f.type === 'message.update' ? f.payload.message_id : ''))
		).toEqual(['m2', 'm3', 'm4']);
	});
});

describe('MonotonicClock', () => {
	it('never repeats or goes back', () => {
		let now = 1000;
		const clock = new MonotonicClock(() => now);
		expect(clock.next()).toBe(1000);
		expect(clock.next()).toBe(1001);
		now = 500;
		expect(clock.next()).toBe(1002);
		now = 2000;
		expect(clock.next()).toBe(2000);
	});
});

describe('readConfig', () => {
	it('applies defaults', () => {
		const config = readConfig({}, '/repo', '/cwd');
		expect(config.ok && config.options).toMatchObject({
			host: '127.0.0.1',
			port: 8787,
			staticDir: '/repo/build',
			staticOnly: false,
			demoStepMs: 15,
			dataDir: '/cwd/.iris',
			storeKind: 'sqlite',
			qr: 'auto',
			maxMessageBytes: 1024 * 1024,
			retentionMs: 7 * 24 * 60 * 60 * 1000
		});
		// No IRIS_TOKEN: the data directory's token file is used (gateway/main.ts).
		expect(config.ok && config.options.token).toBeUndefined();
	});

	it('reads the environment and rejects bad numbers', () => {
		const env = {
			IRIS_HOST: '0.0.0.0',
			IRIS_PORT: '0',
			IRIS_TOKEN: 'tok',
			IRIS_STATIC_DIR: 'dist',
			IRIS_STATIC_ONLY: '1',
			IRIS_DEMO_STEP_MS: '1',
			IRIS_MEDIA_MAX_BYTES: '1024',
			IRIS_TEST_HOOKS: '1',
			IRIS_DATA_DIR: 'state',
			IRIS_STORE: 'memory',
			IRIS_QR: '0',
			IRIS_MAX_MESSAGE_BYTES: '100',
			IRIS_REPLAY_RETENTION_DAYS: '2'
		};
		expect(readConfig(env, '/repo', '/cwd')).toEqual({
			ok: true,
			options: {
				host: '0.0.0.0',
				port: 0,
				token: 'tok',
				staticDir: '/cwd/dist',
				staticOnly: true,
				demoStepMs: 1,
				mediaMaxBytes: 1024,
				testHooks: true,
				dataDir: '/cwd/state',
				storeKind: 'memory',
				qr: 'off',
				maxMessageBytes: 100,
				retentionMs: 2 * 24 * 60 * 60 * 1000
			}
		});
		expect(readConfig({ IRIS_STORE: 'redis' }, '/r', '/c')).toMatchObject({ ok: false });
		expect(readConfig({ IRIS_MAX_MESSAGE_BYTES: '0' }, '/r', '/c')).toMatchObject({ ok: false });
		expect(readConfig({ IRIS_PORT: 'abc' }, '/r', '/c')).toMatchObject({ ok: false });
		expect(readConfig({ IRIS_PORT: '70000' }, '/r', '/c')).toMatchObject({ ok: false });
		expect(readConfig({ IRIS_DEMO_STEP_MS: '-1' }, '/r', '/c')).toMatchObject({ ok: false });
		expect(readConfig({ IRIS_MEDIA_MAX_BYTES: 'x' }, '/r', '/c')).toMatchObject({ ok: false });
	});
});
