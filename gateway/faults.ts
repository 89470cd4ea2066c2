import { StepHold } from './step-hold';

/**
 * Faults the test hooks can switch on (`IRIS_TEST_HOOKS=1`, see ./test-hooks.ts). One instance per
 * gateway process: it outlives a `/__test/restart`. All durations in ms.
 */
export class Faults {
	/** Epoch ms until which WebSocket upgrades are refused (503). */
	refuseUntil = 0;
	/** Delay added to every outgoing frame, ms (order is kept). */
	delayMs = 0;
	/** Send every outgoing frame twice. */
	duplicate = false;
	/** The demo agent's streaming steps, held on request (handed to every hub). */
	readonly steps = new StepHold();

	/** Whether an upgrade arriving at `now` (epoch ms) must be refused. */
	refusing(now = Date.now()): boolean {
		return now < this.refuseUntil;
	}

	/** Switch everything off. */
	reset(): void {
		this.refuseUntil = 0;
		this.delayMs = 0;
		this.duplicate = false;
		this.steps.release();
	}
}
