// See https://svelte.dev/docs/kit/types#app.d.ts
declare global {
	namespace App {}
	/**
	 * True only in a benchmark build (`IRIS_BENCH=1 vite build`, `npm run bench`): the start-up
	 * code then installs the bench's baselines and counters (`src/lib/bench/`). Replaced by a
	 * literal at build time (vite.config.ts `define`), so every other build drops those branches.
	 */
	const __IRIS_BENCH__: boolean;
	/** The app's release, `version` of package.json (vite.config.ts `define`). */
	const __IRIS_APP_VERSION__: string;
}

export {};
