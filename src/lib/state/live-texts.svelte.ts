/**
 * The hot text and reasoning of answers still streaming ("hot data bypasses the store",
 * doc/architecture.md), page side. This class owns their whole life: an entry starts with the
 * worker's first delta (`push`: `append`/`replace`, see `StreamDelta`), changes at most once per
 * animation frame, and ends when the message's stored row is final (`settle`, given the rows the
 * views show, so the bubble never falls back to an older stored text).
 */
import { SvelteMap } from 'svelte/reactivity';
import type { StreamDelta } from '../bridge/contract';
import type { MessageRow } from '../db/schema';

/** Which hot text a `stream` or `reasoning` event changes. */
export type LiveKind = 'stream' | 'reasoning';

/** Runs `apply` when the screen is next drawn (`requestAnimationFrame`), or at once. */
export type Schedule = (apply: () => void) => void;

/** One kind of hot text: the visible texts and the changes waiting for the next frame. */
class HotText {
	readonly texts = new SvelteMap<string, string>();
	/** Not reactive on purpose: it only buffers until the next animation frame. */
	readonly pending = new Map<string, string>();

	push(updates: readonly StreamDelta[]): void {
		for (const u of updates) {
			if (u.op === 'replace') {
				this.pending.set(u.message_id, u.text);
				continue;
			}
			const base = this.pending.get(u.message_id) ?? this.texts.get(u.message_id);
			if (base?.length === u.at) {
				this.pending.set(u.message_id, base + u.text);
			} else {
				// A change against a text this page never had: wait for the stored row instead.
				console.warn(`[state] stream append for ${u.message_id} at ${u.at} does not fit; dropped`);
				this.end(u.message_id);
			}
		}
	}

	apply(): void {
		for (const [id, text] of this.pending) this.texts.set(id, text);
		this.pending.clear();
	}

	end(message_id: string): void {
		this.pending.delete(message_id);
		if (this.texts.has(message_id)) this.texts.delete(message_id);
	}
}

export class LiveTexts {
	/** How changes reach the screen: once per animation frame (a bench baseline: at once). */
	schedule: Schedule = (apply) => requestAnimationFrame(apply);
	readonly #kinds: Record<LiveKind, HotText> = { stream: new HotText(), reasoning: new HotText() };
	#scheduled = false;
	/** The `message_id`s of the rows last `settle`d that are streaming. */
	#shownStreaming: readonly string[] = [];

	/** Latest streamed text of a message, if it is streaming. */
	text(message_id: string): string | undefined {
		return this.#kinds.stream.texts.get(message_id);
	}

	/** Latest streamed reasoning of a message, if it is streaming. */
	reasoning(message_id: string): string | undefined {
		return this.#kinds.reasoning.texts.get(message_id);
	}

	/**
	 * The texts of the answers the open conversation shows as streaming (its rows as last
	 * `settle`d), with changes not drawn yet: what the page would show next.
	 */
	streaming(): Record<string, string> {
		const { texts, pending } = this.#kinds.stream;
		const shown = [...this.#shownStreaming];
		return Object.fromEntries(
			shown.flatMap((id) => {
				const text = pending.get(id) ?? texts.get(id);
				return text === undefined ? [] : [[id, text]];
			})
		);
	}

	/** Queue the worker's changes; the visible texts change when the screen is next drawn. */
	push(kind: LiveKind, updates: readonly StreamDelta[]): void {
		this.#kinds[kind].push(updates);
		if (this.#scheduled) return;
		this.#scheduled = true;
		this.schedule(() => {
			this.#scheduled = false;
			this.#kinds.stream.apply();
			this.#kinds.reasoning.apply();
		});
	}

	/** The stored rows views show now: a complete one ends the hot copies of its message. */
	settle(rows: readonly MessageRow[]): void {
		this.#shownStreaming = rows.filter((r) => r.status === 'streaming').map((r) => r.message_id);
		for (const row of rows) {
			if (row.status !== 'complete') continue;
			this.#kinds.stream.end(row.message_id);
			this.#kinds.reasoning.end(row.message_id);
		}
	}
}
