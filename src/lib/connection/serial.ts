/**
 * Runs an async job one at a time: `kick()` while it runs schedules exactly one more run after
 * it, so every kick is followed by a run that saw its cause (outbox, upload and download queues).
 */
export class SerialRunner {
	#running: Promise<void> | null = null;
	#again = false;

	/** @param job never rejects (it reports its own errors). */
	constructor(private readonly job: () => Promise<void>) {}

	/** Run now, or once more after the current run. Safe to call at any time. */
	kick(): void {
		if (this.#running) {
			this.#again = true;
			return;
		}
		this.#running = this.job().finally(() => {
			this.#running = null;
			if (this.#again) {
				this.#again = false;
				this.kick();
			}
		});
	}
}
