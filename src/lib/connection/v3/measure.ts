/**
 * Dimensions of an attached image, measured in the worker (`createImageBitmap`), for the
 * `width`/`height` a v3 `image` message requires. Empty when the bytes cannot be decoded.
 */
export async function measureImage(blob: Blob): Promise<{ width?: number; height?: number }> {
	if (typeof createImageBitmap !== 'function') return {};
	try {
		const bitmap = await createImageBitmap(blob);
		const size = { width: bitmap.width, height: bitmap.height };
		bitmap.close();
		return size;
	} catch {
		return {};
	}
}
