import { describe, expect, it } from 'vitest';
import { frame } from '../../src/lib/protocol/iris';
import { readConfig } from '../../gateway/config';
import { demoReply, streamSteps } from '../../gateway/demo-agent';
import { EventLog } from '../../gateway/event-log';
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

describe('EventLog', () => {
	const update = (id: string, text: string) => frame('message.update', { message_id: id, text });

	it('replays after a cursor, keeping only the last update per message, none after a final stop', () => {
		const log = new EventLog(100);
		log.append(frame('message.start', { message_id: 'a' }));
		log.append(update('a', 'x'));
		log.append(update('b', 'y'));
		log.append(update('a', 'xx'));
		log.append(frame('message.stop', { message_id: 'a', final_text: 'xx' }));
		expect(log.latest).toBe(5);
		expect(log.since(0).map((f) => [f.type, 'text' in f.payload ? f.payload.text : ''])).toEqual([
			['message.start', ''],
			['message.update', 'y'],
			['message.stop', '']
		]);
		expect(log.size).toBe(3);
		expect(log.since(4)).toHaveLength(1);
		expect(log.since(5)).toEqual([]);
		// A cursor from an earlier run of the gateway: replay everything still logged.
		expect(log.since(99)).toHaveLength(3);
	});

	it('keeps a stream of 10,000 updates as one entry and survives a snapshot round trip', () => {
		const log = new EventLog(10);
		log.append(frame('message.start', { message_id: 'a' }));
		for (let i = 1; i <= 10_000; i++) log.append(update('a', 'x'.repeat(i % 50)));
		expect(log.size).toBe(2);
		const copy = EventLog.fromSnapshot(JSON.parse(JSON.stringify(log.snapshot())), 10);
		expect(copy.latest).toBe(10_001);
		copy.append(update('a', 'final'));
		expect(copy.since(0).map((f) => f.type)).toEqual(['message.start', 'message.update']);
		expect(copy.since(10_001)).toHaveLength(1);
	});

	it('keeps only the newest frames', () => {
		const log = new EventLog(3);
		for (let i = 0; i < 5; i++) log.append(update(`m${i}`, 't'));
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
			demoStepMs: 15
		});
		const token = config.ok ? config.options.token : '';
		expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
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
			IRIS_TEST_HOOKS: '1'
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
				testHooks: true
			}
		});
		expect(readConfig({ IRIS_PORT: 'abc' }, '/r', '/c')).toMatchObject({ ok: false });
		expect(readConfig({ IRIS_PORT: '70000' }, '/r', '/c')).toMatchObject({ ok: false });
		expect(readConfig({ IRIS_DEMO_STEP_MS: '-1' }, '/r', '/c')).toMatchObject({ ok: false });
		expect(readConfig({ IRIS_MEDIA_MAX_BYTES: 'x' }, '/r', '/c')).toMatchObject({ ok: false });
	});
});
