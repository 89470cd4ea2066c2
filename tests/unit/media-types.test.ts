import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteRemoteMedia, storeDownloaded } from '../../src/lib/db/media';
import { IrisDB } from '../../src/lib/db/schema';
import { DOWNLOAD_TYPE, objectUrlType, presentationOf } from '../../src/lib/protocol/media-types';
import { MediaView } from '../../src/lib/state/media.svelte';
import { Store } from '../../src/lib/state/store.svelte';

const ACTIVE = [
	'text/html',
	'TEXT/HTML; charset=utf-8',
	'application/xhtml+xml',
	'image/svg+xml',
	'text/xml',
	'application/xml',
	'text/javascript',
	'application/javascript',
	'application/pdf',
	'text/plain',
	'multipart/x-mixed-replace',
	'',
	undefined
];

describe('media types: only safe ones are shown inline', () => {
	it('raster images, audio and video are inline (normalized)', () => {
		for (const t of [
			'image/png',
			'Image/JPEG',
			'image/webp; q=1',
			'audio/mpeg',
			'audio/webm;codecs=opus',
			'video/mp4'
		]) {
			expect(presentationOf(t), t).toBe('inline');
		}
		expect(objectUrlType('Image/PNG; x=1')).toBe('image/png');
	});

	it('anything that could run script, and anything unknown, is only a download', () => {
		for (const t of ACTIVE) {
			expect(objectUrlType(t), String(t)).toBe(DOWNLOAD_TYPE);
			expect(presentationOf(t), String(t)).toBe(t === 'image/svg+xml' ? 'svg' : 'download');
		}
	});
});

let n = 0;
const dbs: IrisDB[] = [];
afterEach(async () => {
	vi.restoreAllMocks();
	for (const db of dbs.splice(0)) await db.delete();
});

/** A MediaView over a fresh store holding `blob`, and the types of the Blobs given URLs. */
async function viewOf(blob: Blob) {
	const db = new IrisDB(`media-types-${++n}`);
	dbs.push(db);
	const urlTypes: string[] = [];
	const create = URL.createObjectURL.bind(URL);
	vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
		urlTypes.push((b as Blob).type);
		return create(b);
	});
	await noteRemoteMedia(db, [{ media_id: 'm', kind: 'document', size: blob.size }]);
	await storeDownloaded(db, 'm', blob);
	const view = new MediaView(new Store(db), 'm', async () => undefined);
	await vi.waitFor(() => expect(view.url).not.toBeNull());
	return { view, urlTypes };
}

describe('MediaView never gives an active type to a Blob URL', () => {
	it('an HTML document from the agent: an octet-stream URL, shown only as a download', async () => {
		const { view, urlTypes } = await viewOf(
			new Blob(['<script>alert(1)</script>'], { type: 'text/html' })
		);
		expect(urlTypes).toEqual([DOWNLOAD_TYPE]);
		expect(view.presentation).toBe('download');
		expect(view.svgUrl).toBeNull();
		view.dispose();
	});

	it('an SVG: an octet-stream URL, and a data: URL for <img>', async () => {
		const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
		const { view, urlTypes } = await viewOf(new Blob([svg], { type: 'image/svg+xml' }));
		expect(urlTypes).toEqual([DOWNLOAD_TYPE]);
		expect(view.presentation).toBe('svg');
		await vi.waitFor(() => expect(view.svgUrl).toMatch(/^data:image\/svg\+xml;base64,/));
		expect(atob(view.svgUrl!.split(',')[1]!)).toBe(svg);
		view.dispose();
	});

	it('a PNG keeps its type', async () => {
		const { view, urlTypes } = await viewOf(new Blob(['png'], { type: 'image/png' }));
		expect(urlTypes).toEqual(['image/png']);
		expect(view.presentation).toBe('inline');
		view.dispose();
	});
});
