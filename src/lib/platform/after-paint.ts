/**
 * Waiting for the browser to paint what was just rendered: work that is not visible (the search
 * index's load, bench/README-cold-start.md) starts only after the first screen is shown.
 */

/**
 * Resolves after the next frame's rendering (style, layout, paint): a task posted from that
 * frame's animation-frame callback runs after it. Never resolves while the page is hidden (no
 * frames are produced): callers need a fallback of their own for that case.
 */
export function afterPaint(): Promise<void> {
	return new Promise((resolve) =>
		requestAnimationFrame(() => {
			const channel = new MessageChannel();
			channel.port1.onmessage = () => {
				channel.port1.close();
				resolve();
			};
			channel.port2.postMessage(null);
		})
	);
}
