/**
 * Zip files for the history export (fflate): written as a stream, file after file, so a large
 * store never sits in memory as one uncompressed string; read whole on import (the user's file is
 * in memory anyway). Pure: no store, no DOM beyond `Blob`.
 */
import { Zip, ZipDeflate, ZipPassThrough, strToU8, unzipSync } from 'fflate';
import { HistoryFormatError } from './format';

/** A text file of the zip, written in pieces; `end` closes it (the next file starts then). */
export interface ZipTextFile {
	write(text: string): void;
	end(): void;
}

/** Builds a zip as a stream of compressed chunks, collected into a `Blob` at `finish`. */
export class ZipWriter {
	readonly #parts: Uint8Array<ArrayBuffer>[] = [];
	readonly #zip: Zip;
	readonly #done: Promise<void>;

	constructor() {
		let settle!: (error: Error | null) => void;
		this.#done = new Promise((resolve, reject) => {
			settle = (error) => (error ? reject(error) : resolve());
		});
		this.#zip = new Zip((error, chunk, final) => {
			if (error) return settle(error);
			this.#parts.push(chunk as Uint8Array<ArrayBuffer>);
			if (final) settle(null);
		});
	}

	/** Start a deflated text file (UTF-8) at `path`. */
	text(path: string): ZipTextFile {
		const file = new ZipDeflate(path, { level: 6 });
		this.#zip.add(file);
		return {
			write: (text) => file.push(strToU8(text)),
			end: () => file.push(new Uint8Array(0), true)
		};
	}

	/** Add a whole file stored as is (media is compressed already: deflating it again wastes time). */
	bytes(path: string, data: Uint8Array): void {
		const file = new ZipPassThrough(path);
		this.#zip.add(file);
		file.push(data, true);
	}

	/** Close the zip; resolves with it (`application/zip`) once the last chunk is out. */
	async finish(): Promise<Blob> {
		this.#zip.end();
		await this.#done;
		return new Blob(this.#parts, { type: 'application/zip' });
	}
}

/**
 * The files of a zip by path. Throws `HistoryFormatError` when `bytes` is not a readable zip
 * (another kind of file, or a damaged one).
 */
export function readZip(bytes: Uint8Array): Record<string, Uint8Array> {
	try {
		return unzipSync(bytes);
	} catch (e) {
		throw new HistoryFormatError(`not a zip file (${e instanceof Error ? e.message : String(e)})`);
	}
}

/** A file name safe in any zip tool and file system: letters, digits, `.`, `_`, `-`. */
export function safeName(name: string, fallback = 'file'): string {
	const cleaned = name
		.normalize('NFKD')
		.replace(/[^A-Za-z0-9._-]+/g, '-')
		.replace(/^[.-]+|-+$/g, '')
		.slice(0, 60);
	return cleaned || fallback;
}
