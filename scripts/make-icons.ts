/**
 * Draws the app icons into `static/icons/` (run with `npx tsx scripts/make-icons.ts`; the PNGs are
 * committed, so the build does not need this). The design is favicon.svg's: a purple disc with a
 * white pupil. "any" icons put the disc on a transparent background; maskable ones fill the whole
 * square and keep the disc inside the 80 % safe zone, since launchers crop them to any shape.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

type RGBA = [number, number, number, number];

const IRIS: RGBA = [0x6c, 0x5c, 0xe7, 255];
const PUPIL: RGBA = [255, 255, 255, 255];
const MASK_BG: RGBA = [0x1f, 0x24, 0x30, 255];
const CLEAR: RGBA = [0, 0, 0, 0];
/** Samples per pixel side: 4×4 supersampling gives smooth edges. */
const SS = 4;

/** Colour at (x, y) in a unit square [0, 1)², before anti-aliasing. */
function shade(x: number, y: number, maskable: boolean): RGBA {
	const r = Math.hypot(x - 0.5, y - 0.5);
	// Radii relative to the side: 30/64 and 12/64 as in favicon.svg, shrunk into the safe zone.
	const scale = maskable ? 0.75 : 1;
	if (r <= (12 / 64) * scale) return PUPIL;
	if (r <= (30 / 64) * scale) return IRIS;
	return maskable ? MASK_BG : CLEAR;
}

function draw(size: number, maskable: boolean): Buffer {
	const png = new PNG({ width: size, height: size });
	for (let py = 0; py < size; py++) {
		for (let px = 0; px < size; px++) {
			// Premultiplied sums, so transparent samples do not darken the edge.
			let r = 0;
			let g = 0;
			let b = 0;
			let a = 0;
			for (let sy = 0; sy < SS; sy++) {
				for (let sx = 0; sx < SS; sx++) {
					const [cr, cg, cb, ca] = shade(
						(px + (sx + 0.5) / SS) / size,
						(py + (sy + 0.5) / SS) / size,
						maskable
					);
					r += cr * ca;
					g += cg * ca;
					b += cb * ca;
					a += ca;
				}
			}
			const o = (py * size + px) * 4;
			const alpha = a / (SS * SS);
			png.data[o] = a ? Math.round(r / a) : 0;
			png.data[o + 1] = a ? Math.round(g / a) : 0;
			png.data[o + 2] = a ? Math.round(b / a) : 0;
			png.data[o + 3] = Math.round(alpha);
		}
	}
	return PNG.sync.write(png);
}

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'static', 'icons');
mkdirSync(out, { recursive: true });
for (const size of [192, 512]) {
	writeFileSync(path.join(out, `icon-${size}.png`), draw(size, false));
	writeFileSync(path.join(out, `maskable-${size}.png`), draw(size, true));
}
writeFileSync(path.join(out, 'apple-touch-icon.png'), draw(180, true));
console.log(`[icons] wrote ${out}`);
