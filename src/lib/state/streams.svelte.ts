/**
 * Streaming text on its way to the screen (GUIDE "Hot data bypasses the store"): changes from the
 * worker (`append`/`replace`, see `StreamDelta`) are collected and applied at most once per
 * animation frame; a message's entry is dropped once its stored row is complete.
 */
import { SvelteMap } from 'svelte/reactivity';
import type { StreamDelta } from '../bridge/contract';
import { recordStreamTraffic, renderBaseline } from '../platform/bench';

export class StreamTexts {
	readonly #texts = new SvelteMap<string, string>();
	// Not reactive on purpose: it only buffers until the next animation frame.
	// eslint-disable-next-line svelte/prefer-svelte-reactivity
	readonly #pending = new Map<string, string>();
	#frame = 0;
	/** Bench baseline B0 applies every change at once instead of once per frame. */
	readonly #immediate = renderBaseline() === 'b0';

	/** Latest streamed text of a message, if it is streaming. */
	get(message_id: string): string | undefined {
		return this.#texts.get(message_id);
	}

	/** Queue changes; the visible text changes on the next animation frame. */
	push(updates: readonly StreamDelta[]): void {
		recordStreamTraffic(updates);
		for (const u of updates) {
			if (u.op === 'replace') {
				this.#pending.set(u.message_id, u.text);
				continue;
			}
			const base = this.#pending.get(u.message_id) ?? this.#texts.get(u.message_id);
			if (base?.length === u.at) {
				this.#pending.set(u.message_id, base + u.text);
			} else {
				// A change against a text this page never had: wait for the stored row instead.
				console.warn(`[state] stream append for ${u.message_id} at ${u.at} does not fit; dropped`);
				this.done(u.message_id);
			}
		}
		if (this.#immediate) return this.#apply();
		if (this.#frame) return;
		this.#frame = requestAnimationFrame(() => {
			this.#frame = 0;
			this.#apply();
		});
	}

	/** The stored row is final: forget the hot copy. */
	done(message_id: string): void {
		this.#pending.delete(message_id);
		if (this.#texts.has(message_id)) this.#texts.delete(message_id);
	}

	#apply(): void {
		for (const [id, text] of this.#pending) this.#texts.set(id, text);
		this.#pending.clear();
	}
}
