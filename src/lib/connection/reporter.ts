/**
 * What the worker tells its pages: every event goes to each subscribed sink; protocol problems are
 * kept as diagnostics (the last 200, also replayed to a page that subscribes later); a storage
 * failure is reported once, then only recorded.
 */
import type { DiagnosticEntry, EventSink, WorkerEvent } from '../bridge/contract';
import { classifyStorageError } from '../db/failure';
import type { Clock } from '../platform/clock';

/** Diagnostics kept in memory (doc/protocol.md: malformed frames are recorded and skipped). */
export const DIAGNOSTICS_KEPT = 200;

export interface ReporterDeps {
	clock: Clock;
	/** A log line per diagnostic (`[connection] <kind>: <message>`). */
	log?: (line: string) => void;
}

export class Reporter {
	readonly #d: ReporterDeps;
	readonly #sinks = new Set<EventSink>();
	readonly #diagnostics: DiagnosticEntry[] = [];
	/** The gateway's last `status` (replayed: a tab opened later shows the same state). */
	#serverStatus: WorkerEvent | undefined;
	#storageReported = false;

	constructor(deps: ReporterDeps) {
		this.#d = deps;
	}

	/** Send every later event to `sink` too. */
	subscribe(sink: EventSink): void {
		this.#sinks.add(sink);
	}

	emit(event: WorkerEvent): void {
		if (event.type === 'server_status') this.#serverStatus = event;
		for (const sink of this.#sinks) sink(event);
	}

	/** Record a problem (`kind`, a human message, the start of the offending input). */
	diagnose(kind: string, message: string, excerpt?: string): void {
		const entry: DiagnosticEntry = { ts: this.#d.clock.now(), kind, message };
		if (excerpt !== undefined) entry.excerpt = excerpt;
		this.#diagnostics.push(entry);
		if (this.#diagnostics.length > DIAGNOSTICS_KEPT) this.#diagnostics.shift();
		this.#d.log?.(`[connection] ${kind}: ${message}`);
		this.emit({ type: 'diagnostic', entry });
	}

	/** The diagnostics recorded (oldest first). */
	diagnostics(): DiagnosticEntry[] {
		return [...this.#diagnostics];
	}

	/** A store write failed: recorded, and reported to the pages once (they move to memory). */
	storageFailed(e: unknown): void {
		const failure = classifyStorageError(e);
		this.diagnose(
			'storage',
			`could not write to the local store (${failure.kind}): ${failure.message}`
		);
		// Reported once: the page moves the app to memory; repeating it would only be noise.
		if (this.#storageReported) return;
		this.#storageReported = true;
		this.emit({ type: 'storage', failure });
	}

	/** Run a store write; a failure is reported as a storage failure, then rethrown. */
	async stored<T>(write: () => Promise<T>): Promise<T> {
		try {
			return await write();
		} catch (e) {
			this.storageFailed(e);
			throw e;
		}
	}

	/** Tell `sink` what a page that just subscribed missed: diagnostics, the gateway's state. */
	replayTo(sink: EventSink): void {
		for (const entry of this.#diagnostics) sink({ type: 'diagnostic', entry });
		if (this.#serverStatus) sink(this.#serverStatus);
	}
}
