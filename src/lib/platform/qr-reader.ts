/**
 * Reading QR codes from a camera frame or an image: the browser's `BarcodeDetector` where it has
 * one that reads QR codes (Android, macOS, ChromeOS), otherwise the `barcode-detector` ponyfill
 * (ZXing in WebAssembly, loaded on demand from our own origin — never from its default CDN, which
 * the CSP would refuse and which would tell a third party that someone is pairing).
 */
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What can be read: a video element (camera), an image bitmap, or an image file. */
export type QrSource = HTMLVideoElement | ImageBitmap | Blob;

/** Reads the QR codes in a source: their texts (empty when there is none). */
export interface QrReader {
	read(source: QrSource): Promise<string[]>;
}

interface Detector {
	detect(source: QrSource): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
	new (options: { formats: string[] }): Detector;
	getSupportedFormats(): Promise<string[]>;
}

let reader: Promise<QrReader> | undefined;

/**
 * The reader (created once). The native detector is used only when it lists `qr_code`.
 *
 * @throws Error when neither the native detector nor the ponyfill's WebAssembly can be loaded.
 */
export function qrReader(): Promise<QrReader> {
	reader ??= create().catch((e: unknown) => {
		reader = undefined;
		throw e;
	});
	return reader;
}

async function create(): Promise<QrReader> {
	const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
	const Detector =
		native && (await native.getSupportedFormats().catch((): string[] => [])).includes('qr_code')
			? native
			: await ponyfill();
	const detector = new Detector({ formats: ['qr_code'] });
	return {
		async read(source) {
			const found = await detector.detect(source);
			return found.map((code) => code.rawValue).filter((text) => text.length > 0);
		}
	};
}

async function ponyfill(): Promise<DetectorClass> {
	const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
	// Load the WebAssembly now: a failure is the caller's error, not a silent first scan.
	await prepareZXingModule({
		overrides: {
			locateFile: (path: string, prefix: string) =>
				path.endsWith('.wasm') ? wasmUrl : prefix + path
		},
		fireImmediately: true
	});
	return BarcodeDetector as unknown as DetectorClass;
}
