/**
 * One-after-another work for the service worker's event handlers (pushes count the unread
 * messages a chat's shown notification stands for, so two at once would count from the same one).
 */

/**
 * A queue that runs each piece of work after the one before has settled — fulfilled or rejected:
 * a push that cannot be shown must not keep every later one from showing. Returns the function
 * that enqueues `work` and resolves (or rejects) with that work's own outcome.
 */
export function serialQueue(): (work: () => Promise<void>) => Promise<void> {
	let tail: Promise<void> = Promise.resolve();
	return (work) => {
		const run = tail.then(work);
		tail = run.catch(() => undefined);
		return run;
	};
}
