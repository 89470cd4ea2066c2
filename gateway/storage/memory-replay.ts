/**
 * The replay log in memory (`IRIS_STORE=memory`): the rules of ./replay.ts on an array, bounded
 * by `capacity` as well (older frames fall off; clients fill the gap with `history`).
 */
import type { ServerFrame } from '../../src/lib/protocol/iris';
import { coalesceKey, lowestNeeded, streamChange, supersededKey } from './replay';
import type { OpenStream, ReplayLog } from './types';

/** Default number of frames the memory log keeps. */
export const DEFAULT_LOG_CAPACITY = 5000;

interface Entry {
	position: number;
	/** Epoch ms it was logged. */
	at: number;
	frame: ServerFrame;
}

/** A bounded, position-stamped log of broadcast frames, with each device's cursor. */
export class MemoryReplayLog implements ReplayLog {
	#entries: Entry[] = [];
	#latest = 0;
	readonly #capacity: number;
	/** The live entry of each coalescing key. */
	readonly #byKey = new Map<string, Entry>();
	/** Entries superseded but not yet removed from `#entries`. */
	readonly #dead = new Set<Entry>();
	readonly #streams = new Map<string, OpenStream>();
	readonly #devices = new Map<string, { acked: number; lastSeen: number }>();

	constructor(capacity = DEFAULT_LOG_CAPACITY) {
		this.#capacity = capacity;
	}

	get latest(): number {
		return this.#latest;
	}

	get size(): number {
		return this.#entries.length - this.#dead.size;
	}

	append(frame: ServerFrame): number {
		this.#latest += 1;
		const superseded = supersededKey(frame);
		if (superseded !== undefined) this.#supersede(superseded);
		const entry = { position: this.#latest, at: Date.now(), frame };
		this.#entries.push(entry);
		const key = coalesceKey(frame);
		if (key !== undefined) this.#byKey.set(key, entry);
		this.#track(frame);
		// Superseded entries are dropped lazily: compact once they are half the array.
		if (this.#dead.size > this.#entries.length / 2) this.#compact();
		while (this.size > this.#capacity) this.#dropOldest();
		return this.#latest;
	}

	restore(entries: readonly { position: number; frame: ServerFrame }[], latest: number): void {
		for (const { position, frame } of entries) {
			const entry = { position, at: Date.now(), frame };
			this.#entries.push(entry);
			const key = coalesceKey(frame);
			if (key !== undefined) this.#byKey.set(key, entry);
			this.#track(frame);
		}
		this.#latest = Math.max(latest, entries.at(-1)?.position ?? 0);
	}

	#track(frame: ServerFrame): void {
		const change = streamChange(frame);
		if (change?.kind === 'open') this.#streams.set(change.stream.message_id, change.stream);
		else if (change?.kind === 'close') this.#streams.delete(change.message_id);
		else if (change?.kind === 'update') {
			const open = this.#streams.get(change.message_id);
			if (open) {
				open.text = change.text;
				if (change.reasoning !== undefined) open.reasoning = change.reasoning;
			}
		}
	}

	#supersede(key: string): void {
		const old = this.#byKey.get(key);
		if (!old) return;
		this.#dead.add(old);
		this.#byKey.delete(key);
	}

	#compact(): void {
		this.#entries = this.#entries.filter((e) => !this.#dead.has(e));
		this.#dead.clear();
	}

	#dropOldest(): void {
		const first = this.#entries.shift();
		if (!first) return;
		if (this.#dead.delete(first)) return;
		const key = coalesceKey(first.frame);
		if (key !== undefined && this.#byKey.get(key) === first) this.#byKey.delete(key);
	}

	since(cursor: number): ServerFrame[] {
		// A cursor ahead of `latest` comes from a gateway that lost its log: replay all we have.
		const from = cursor > this.#latest ? 0 : cursor;
		return this.#entries.filter((e) => e.position > from && !this.#dead.has(e)).map((e) => e.frame);
	}

	openStreams(): OpenStream[] {
		return [...this.#streams.values()].map((s) => ({ ...s }));
	}

	seen(deviceId: string, now: number): void {
		const device = this.#devices.get(deviceId);
		if (device) device.lastSeen = now;
		else this.#devices.set(deviceId, { acked: this.#latest, lastSeen: now });
	}

	acknowledge(deviceId: string, cursor: number, now: number): void {
		this.#devices.set(deviceId, { acked: Math.min(cursor, this.#latest), lastSeen: now });
	}

	prune(now: number, retentionMs: number): number {
		const since = now - retentionMs;
		const low = lowestNeeded(this.#devices.values(), since, this.#latest);
		const before = this.size;
		this.#compact();
		const kept: Entry[] = [];
		for (const e of this.#entries) {
			if (e.position > low && e.at >= since) kept.push(e);
			else {
				const key = coalesceKey(e.frame);
				if (key !== undefined && this.#byKey.get(key) === e) this.#byKey.delete(key);
			}
		}
		this.#entries = kept;
		return before - this.size;
	}
}
