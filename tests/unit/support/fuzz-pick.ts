/**
 * Choosing from a seeded generator (./prng.ts), for the gateway fuzz: every case is a pure
 * function of the seed, so a failing run reproduces with the seed it printed.
 */
import { prng } from './prng';

/** Seeded choices: integers, elements, strings, bytes. */
export class Pick {
	readonly #next: () => number;

	constructor(seed: number) {
		this.#next = prng(seed);
	}

	/** A float in [0, 1). */
	float(): number {
		return this.#next();
	}

	/** An integer in [lo, hi] (both included). */
	int(lo: number, hi: number): number {
		return lo + Math.floor(this.#next() * (hi - lo + 1));
	}

	/** True with probability `p`. */
	chance(p: number): boolean {
		return this.#next() < p;
	}

	/** One element of `items` (non-empty). */
	one<T>(items: readonly T[]): T {
		return items[this.int(0, items.length - 1)]!;
	}

	/** A string of `length` characters drawn from `alphabet`. */
	chars(alphabet: string, length: number): string {
		const all = [...alphabet];
		let out = '';
		for (let i = 0; i < length; i++) out += this.one(all);
		return out;
	}

	/** `length` random bytes. */
	bytes(length: number): Buffer {
		const out = Buffer.alloc(length);
		for (let i = 0; i < length; i++) out[i] = this.int(0, 255);
		return out;
	}

	/** A nasty string: control characters, bidi, surrogates, escapes, long runs, or plain text. */
	text(): string {
		switch (this.int(0, 9)) {
			case 0:
				return '';
			case 1:
				return this.chars('\u0000\u0001\u001b[2J\r\n\t\u007f\u0085\u2028\u2029', this.int(1, 40));
			case 2:
				return this.chars('\u202e\u200b\ufeff\ud800\udfff\ufffd👩‍💻漢字', this.int(1, 30));
			case 3:
				return 'x'.repeat(this.int(1, 70_000));
			case 4:
				return this.one(['../../etc/passwd', '%00', '%E0', '{{i}}', '${x}', '<svg onload=1>']);
			case 5:
				return this.one(['/demo media', '/demo slow', '/demo tools', '/demo approval', '/demo x']);
			case 6:
				return this.chars('abc %/\\?#&=:;"\'`', this.int(1, 60));
			default:
				return this.chars('abcdefghijklmnopqrstuvwxyz0123456789 -_', this.int(1, 24));
		}
	}

	/** Any JSON value, nested up to `depth`. */
	json(depth = 3): unknown {
		switch (this.int(0, depth > 0 ? 9 : 6)) {
			case 0:
				return null;
			case 1:
				return this.chance(0.5);
			case 2:
				return this.one([0, -1, 1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, 0.5, -0]);
			case 3:
			case 4:
				return this.text();
			case 5:
				return this.int(-5, 100_000);
			case 6:
				return this.one(['default', 'hermes', 'app', 'image', 'document']);
			case 7:
			case 8: {
				const out: Record<string, unknown> = {};
				const keys = ['text', 'id', 'media_id', 'size', 'name', '__proto__', 'constructor', 'x'];
				for (let i = this.int(0, 4); i > 0; i--) out[this.one(keys)] = this.json(depth - 1);
				return out;
			}
			default:
				return Array.from({ length: this.int(0, 4) }, () => this.json(depth - 1));
		}
	}
}
