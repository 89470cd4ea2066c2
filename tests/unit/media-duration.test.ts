import { describe, expect, it } from 'vitest';
import { learnDuration } from '../../src/lib/components/media/media-duration';

/** A media element as far as `learnDuration` sees it: a WebM whose length is found by a scan. */
class FakeMedia extends EventTarget {
	duration = Number.POSITIVE_INFINITY;
	readyState = 0;
	seeks: number[] = [];
	#time = 0;
	constructor(readonly realDuration: number) {
		super();
	}
	get currentTime(): number {
		return this.#time;
	}
	set currentTime(t: number) {
		this.seeks.push(t);
		this.#time = Math.min(t, this.realDuration);
		// Seeking past the end makes the browser scan the file and learn its length.
		if (t > this.realDuration && !Number.isFinite(this.duration)) {
			this.duration = this.realDuration;
			this.dispatchEvent(new Event('durationchange'));
		}
	}
	loadMetadata(): void {
		this.readyState = 1;
		this.dispatchEvent(new Event('loadedmetadata'));
	}
}

const attach = (el: FakeMedia) => learnDuration(el as unknown as HTMLMediaElement);

describe('learnDuration', () => {
	it('scans a file without a length once, then goes back to the start', () => {
		const el = new FakeMedia(2.5);
		attach(el);
		el.loadMetadata();
		expect(el.duration).toBe(2.5);
		expect(el.currentTime).toBe(0);
		expect(el.seeks).toEqual([Number.MAX_SAFE_INTEGER, 0]);
	});

	it('leaves a file with a known length alone', () => {
		const el = new FakeMedia(2.5);
		el.duration = 2.5;
		attach(el);
		el.loadMetadata();
		expect(el.seeks).toEqual([]);
	});

	it('also works when the metadata was there before it was attached', () => {
		const el = new FakeMedia(4);
		el.readyState = 1;
		attach(el);
		expect(el.duration).toBe(4);
		expect(el.currentTime).toBe(0);
	});

	it('stops listening when detached', () => {
		const el = new FakeMedia(3);
		attach(el)();
		el.loadMetadata();
		expect(el.seeks).toEqual([]);
	});
});
