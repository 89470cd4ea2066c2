/**
 * Let `count` macrotasks run: Dexie starts a live query's read, and delivers its
 * `storagemutated` events, from timers, so a test that checks nothing happened waits this long.
 */
export async function macrotasks(count: number): Promise<void> {
	for (let i = 0; i < count; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}
