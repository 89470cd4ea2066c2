/**
 * Fuzzing the Iris v1 codec: seeded mutations of the sample frames. Decode must never throw, and
 * whatever it accepts must be a frame the encoder accepts too (decode and encode agree on the
 * contract).
 */
import { describe, expect, it } from 'vitest';
import { prng } from './support/prng';
import {
	APP_FRAME_TYPES,
	SERVER_FRAME_TYPES,
	encodeAppFrame,
	encodeServerFrame,
	type AppFrame,
	type DecodeResult,
	type ServerFrame
} from '../../src/lib/protocol/iris';
import { clone, decodeAs, type Direction } from './codec-helpers';
import { appSample, serverSample } from './codec-samples';

const ODD_VALUES: unknown[] = [
	null,
	0,
	-1,
	1.5,
	2 ** 53,
	'',
	'x',
	'💬',
	true,
	false,
	[],
	{},
	[1, 'a', null],
	{ nested: { deeper: [{}] } },
	'x'.repeat(300)
];
const ODD_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', '', 'v', 'type', 'id'];
const ALL_TYPES = [...new Set<string>([...SERVER_FRAME_TYPES, ...APP_FRAME_TYPES])];

function mutate(rand: () => number, sample: object): string {
	const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
	const f = clone(sample) as Record<string, unknown> & { payload: Record<string, unknown> };
	const keys = (o: object) => Object.keys(o);
	switch (Math.floor(rand() * 10)) {
		case 0: // a payload field gets an odd value
			if (keys(f.payload).length) f.payload[pick(keys(f.payload))] = clone(pick(ODD_VALUES));
			break;
		case 1: // a payload field disappears
			if (keys(f.payload).length) delete f.payload[pick(keys(f.payload))];
			break;
		case 2: // an envelope field gets an odd value or disappears
			if (rand() < 0.5)
				f[pick(['v', 'type', 'id', 'chat_id', 'thread_id', 'payload'])] = pick(ODD_VALUES);
			else delete f[pick(['v', 'type', 'payload'])];
			break;
		case 3: // the frame claims another type, maybe one from Object.prototype
			f.type = pick([...ALL_TYPES, ...ODD_KEYS]);
			break;
		case 4: {
			// an odd key, written into the JSON text so `__proto__` becomes an own property
			const text = JSON.stringify(f);
			const payloadAt = text.indexOf('"payload":{');
			const at = payloadAt >= 0 && rand() < 0.5 ? payloadAt + '"payload":{'.length : 1;
			const entry = `${JSON.stringify(pick(ODD_KEYS))}:${JSON.stringify(pick(ODD_VALUES))}`;
			return `${text.slice(0, at)}${entry}${text[at] === '}' ? '' : ','}${text.slice(at)}`;
		}
		case 5: {
			// text truncated anywhere
			const text = JSON.stringify(f);
			return text.slice(0, Math.floor(rand() * text.length));
		}
		case 6: {
			// one character replaced
			const text = JSON.stringify(f);
			const at = Math.floor(rand() * text.length);
			return (
				text.slice(0, at) +
				pick(['"', '{', '}', '[', ',', ':', '\\', '0', 'x', ' ']) +
				text.slice(at + 1)
			);
		}
		case 7: // a nested array/object inside the payload is replaced or emptied
			for (const key of keys(f.payload)) {
				const value = f.payload[key];
				if (Array.isArray(value)) f.payload[key] = rand() < 0.5 ? [] : [pick(ODD_VALUES)];
				else if (value && typeof value === 'object')
					f.payload[key] = { [pick(ODD_KEYS)]: pick(ODD_VALUES) };
			}
			break;
		case 8: // the whole frame wrapped or replaced
			return JSON.stringify(pick([[f], f.payload, 'frame', null, { frame: f }]));
		default: // two mutations stacked
			return mutate(rand, JSON.parse(mutateObject(rand, f)) as object);
	}
	return JSON.stringify(f);
}

/** A structural mutation that always yields parseable JSON (for stacking). */
function mutateObject(rand: () => number, f: Record<string, unknown>): string {
	const copy = clone(f) as Record<string, unknown>;
	copy[['v', 'type', 'id', 'payload'][Math.floor(rand() * 4)]!] =
		ODD_VALUES[Math.floor(rand() * ODD_VALUES.length)];
	return JSON.stringify(copy);
}

describe('fuzz', () => {
	it('500 seeded mutations of valid frames: decode never throws and agrees with encode', () => {
		const rand = prng(0x1a15);
		const samples: [Direction, object][] = [
			...SERVER_FRAME_TYPES.map((t): [Direction, object] => ['server_to_app', serverSample(t)]),
			...APP_FRAME_TYPES.map((t): [Direction, object] => ['app_to_server', appSample(t)])
		];
		const kinds = new Map<string, number>();
		for (let i = 0; i < 500; i++) {
			const [direction, sample] = samples[Math.floor(rand() * samples.length)]!;
			const text = mutate(rand, sample);
			for (const dir of [
				direction,
				direction === 'server_to_app' ? 'app_to_server' : 'server_to_app'
			] as const) {
				let result: DecodeResult<ServerFrame | AppFrame>;
				try {
					result = decodeAs(dir, text);
				} catch (e) {
					throw new Error(`mutation ${i} (${dir}) threw ${String(e)} on ${text.slice(0, 300)}`, {
						cause: e
					});
				}
				const kind = result.ok ? 'ok' : result.error.kind;
				kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
				if (result.ok) {
					const reencode = () =>
						dir === 'server_to_app'
							? encodeServerFrame(result.frame as ServerFrame)
							: encodeAppFrame(result.frame as AppFrame);
					expect(reencode, `mutation ${i} (${dir}): ${text.slice(0, 300)}`).not.toThrow();
				} else {
					expect(result.error.excerpt).toBe(text.slice(0, 200));
				}
			}
		}
		// The mutations must actually reach every outcome, or this test proves little.
		expect([...kinds.keys()].sort()).toEqual(
			['envelope', 'invalid', 'json', 'ok', 'unknown_type', 'version'].sort()
		);
	});
});
