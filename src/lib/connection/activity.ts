/**
 * Whether the agent works on a turn in each channel (`agent.busy` / `agent.idle` / `typing`), as
 * the worker last heard it; every change is an `activity` event.
 */
import type { AgentActivity, EventSink, WorkerEvent } from '../bridge/contract';

export class TurnActivity {
	readonly #emit: (event: WorkerEvent) => void;
	readonly #byChat = new Map<string, AgentActivity>();
	/** Channels changed while held (`hold`), announced by `release`; null when not held. */
	#held: Set<string> | null = null;

	/** A channel's turn ended (told also while held: messages queued behind it may go). */
	readonly #onIdle: (chat_id: string) => void;

	constructor(emit: (event: WorkerEvent) => void, onIdle: (chat_id: string) => void = () => {}) {
		this.#emit = emit;
		this.#onIdle = onIdle;
	}

	/** Whether a turn runs in `chat_id`. */
	busy(chat_id: string): boolean {
		return this.#byChat.get(chat_id)?.busy ?? false;
	}

	/** Change what is known of `chat_id` (a reason only while busy). */
	set(chat_id: string, change: Partial<AgentActivity>): void {
		const prev = this.#byChat.get(chat_id) ?? { chat_id, busy: false, typing: false };
		const next: AgentActivity = { ...prev, ...change, chat_id };
		if (!next.busy) delete next.reason;
		this.#byChat.set(chat_id, next);
		if (this.#held) this.#held.add(chat_id);
		else this.#emit({ type: 'activity', activity: next });
		if (!next.busy) this.#onIdle(chat_id);
	}

	/**
	 * Keep changes to ourselves until `release`: a `sync` catch-up replays every finished turn's
	 * `agent.busy` / `agent.idle` (500 turns missed = 1,000 events, one page task each, which
	 * made the catch-up's long frames; bench/README.md "Reconnect catch-up"). `busy()` stays
	 * current meanwhile.
	 */
	hold(): void {
		this.#held ??= new Set();
	}

	/** Announce each channel changed while held, once, with its state now; stop holding. */
	release(): void {
		const held = this.#held;
		this.#held = null;
		for (const chat_id of held ?? []) {
			const activity = this.#byChat.get(chat_id);
			if (activity) this.#emit({ type: 'activity', activity });
		}
	}

	/**
	 * The link went down: unknown until the gateway says again (`agent.busy` after `sync.done`), so
	 * no "thinking", Stop or "queued behind the turn" for a link that is down, and a turn the
	 * gateway lost meanwhile does not keep its answers open.
	 */
	clear(): void {
		// A catch-up ends with its link: every channel is announced idle below, at once.
		this.#held = null;
		for (const chat_id of [...this.#byChat.keys()])
			this.set(chat_id, { busy: false, typing: false });
	}

	replayTo(sink: EventSink): void {
		for (const activity of this.#byChat.values()) sink({ type: 'activity', activity });
	}
}
