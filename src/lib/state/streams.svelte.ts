/**
 * Streaming text on its way to the screen (GUIDE "Hot data bypasses the store"): updates from the
 * worker are collected and applied at most once per animation frame; a message's entry is dropped
 * once its stored row is complete.
 */
import { SvelteMap } from 'svelte/reactivity';

export class StreamTexts {
	readonly #texts = new SvelteMap<string, string>();
	// Not reactive on purpose: it only buffers until the next animation frame.
	// eslint-disable-next-line svelte/prefer-svelte-reactivity
	readonly #pending = new Map<string, string>();
	#frame = 0;

	/** Latest streamed text of a message, if it is streaming. */
	get(message_id: string): string | undefined {
		return this.#texts.get(message_id);
	}

	/** Queue updates; the visible text changes on the next animation frame. */
	push(updates: readonly { message_id: string; text: string }[]): void {
		for (const u of updates) this.#pending.set(u.message_id, u.text);
		if (this.#frame) return;
		this.#frame = requestAnimationFrame(() => {
			this.#frame = 0;
			for (const [id, text] of this.#pending) this.#texts.set(id, text);
			this.#pending.clear();
		});
	}

	/** The stored row is final: forget the hot copy. */
	done(message_id: string): void {
		this.#pending.delete(message_id);
		if (this.#texts.has(message_id)) this.#texts.delete(message_id);
	}
}
