/**
 * Put `text` on the clipboard exactly (no formatting added); resolves false when the browser
 * refuses (no permission, insecure context, or no Clipboard API).
 */
export async function copyText(text: string): Promise<boolean> {
	try {
		await navigator.clipboard.writeText(text);
		return true;
	} catch (e) {
		console.warn('[actions] copy failed', e);
		return false;
	}
}
