/**
 * The gateway's frame recording (IRIS_RECORD_FRAMES): the file named in the environment gets
 * every text frame in and out as JSON lines, and no binary frame.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../gateway/config';
import type { RecordedFrame } from '../../gateway/recorder';
import { TestClient, startTestGateway } from './gateway-helpers';
import { makePng } from '../../gateway/media/samples';

describe('frame recording (IRIS_RECORD_FRAMES)', () => {
	it('reads the file from the environment, relative to cwd', () => {
		const config = readConfig({ IRIS_RECORD_FRAMES: 'out/frames.jsonl' }, '/repo', '/cwd');
		expect(config.ok && config.options.recordFrames).toBe('/cwd/out/frames.jsonl');
		const none = readConfig({}, '/repo', '/cwd');
		expect(none.ok && 'recordFrames' in none.options).toBe(false);
	});

	/**
	 * Run `talk` against a gateway recording to a temporary file; resolves to the recording as
	 * `dir:type` lines, in order (each line's text must be one JSON frame).
	 */
	async function recorded(talk: (client: TestClient) => Promise<void>): Promise<string[]> {
		const dir = await mkdtemp(path.join(tmpdir(), 'iris-record-'));
		const file = path.join(dir, 'frames.jsonl');
		const t = await startTestGateway({ recordFrames: file });
		try {
			const [client] = await TestClient.paired(t.gw.wsUrl);
			await talk(client);
			await client.close();
			return (await readFile(file, 'utf8'))
				.trim()
				.split('\n')
				.map((l) => JSON.parse(l) as RecordedFrame)
				.map((l) => `${l.dir}:${(JSON.parse(l.text) as { type: string }).type}`);
		} finally {
			await t.stop();
			await rm(dir, { recursive: true, force: true });
		}
	}

	it('appends every text frame in and out, in order, as JSON lines', async () => {
		const summary = await recorded(async (client) => {
			await client.request('commands.complete', { prefix: '/ne' });
		});
		expect(summary).toEqual([
			'in:hello',
			'out:hello.ack',
			'out:status',
			'in:commands.complete',
			'out:commands.complete'
		]);
	});

	it('leaves binary frames (media bytes, both ways) out: the file holds only text frames', async () => {
		const summary = await recorded(async (client) => {
			const png = makePng(8, 8);
			const start = { media_ref: 'ref-1', kind: 'image', mime: 'image/png', size: png.length };
			// media.upload.start has no answer of its own: media.upload.end's media.offer is it.
			client.sendRaw(JSON.stringify({ v: 1, type: 'media.upload.start', id: 2, payload: start }));
			client.sendRaw(png);
			const sha256 = createHash('sha256').update(png).digest('hex');
			await client.request('media.upload.end', { media_ref: 'ref-1', sha256 });
			const pulled = await client.request('media.pull', { media_id: 'ref-1' });
			expect(pulled).toMatchObject({ type: 'media.pull.end', payload: { ok: true } });
			// The pull's bytes reach TestClient as undecodable text.
			expect(client.invalid.length).toBeGreaterThan(0);
			client.invalid.length = 0;
		});
		expect(summary).toEqual([
			'in:hello',
			'out:hello.ack',
			'out:status',
			'in:media.upload.start',
			'in:media.upload.end',
			'out:media.offer',
			'in:media.pull',
			'out:media.pull.end'
		]);
	});
});
