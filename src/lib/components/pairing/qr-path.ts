/**
 * A QR code as one SVG path (the `qrcode` package computes the modules): drawn by Svelte as an
 * element of its own, never as markup from a string.
 */
import QRCode from 'qrcode';

/** The code's modules as an SVG path on a `size`×`size` grid (one unit per module, no margin). */
export interface QrPath {
	size: number;
	/** `M x y h1 v1 h-1 z` per dark module. */
	d: string;
}

/**
 * Encode `text` (error correction M: survives a screen's glare and a phone held at an angle).
 *
 * @throws Error when the text is too long for a QR code.
 */
export function qrPath(text: string): QrPath {
	const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
	const size = modules.size;
	let d = '';
	for (let y = 0; y < size; y++) {
		for (let x = 0; x < size; x++) {
			if (modules.get(y, x)) d += `M${x} ${y}h1v1h-1z`;
		}
	}
	return { size, d };
}
