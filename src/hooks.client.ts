/**
 * Client start-up hook (SvelteKit `init`, awaited before the first route loads). In a benchmark
 * build it installs the bench's baselines and counters (`src/lib/bench/page.ts`); in every other
 * build `__IRIS_BENCH__` is the literal `false` and the branch, with the bench module, is dropped.
 */
import type { ClientInit } from '@sveltejs/kit';

export const init: ClientInit = async () => {
	if (__IRIS_BENCH__) (await import('$lib/bench/page')).installBench();
};
