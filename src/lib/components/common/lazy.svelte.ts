/**
 * A component whose code loads on demand (a chunk of its own, outside the chat's first render;
 * bench/README.md "B"): `component` is `undefined` until `load()` has resolved once. Render it
 * as `const C = $derived(lazy.component)` and `{#if C}<C bind:this={dialog} … />{/if}`; `load()`
 * resolves once it is mounted, so an action right after it (`dialog.open()`) finds it there.
 * The service worker precaches every chunk, so this works offline too.
 */
import { tick } from 'svelte';

export class Lazy<C> {
	/** The loaded component, or `undefined` until `load()` resolved. */
	component = $state<C | undefined>();
	#loading: Promise<C> | undefined;
	readonly #importer: () => Promise<{ default: C }>;

	/** `importer` is a dynamic `import()` of the component's module. */
	constructor(importer: () => Promise<{ default: C }>) {
		this.#importer = importer;
	}

	/**
	 * Load the component (once) and wait until it is rendered.
	 *
	 * @throws Error when its chunk cannot be fetched (a later call tries again).
	 */
	async load(): Promise<C> {
		this.#loading ??= this.#importer().then(
			(module) => (this.component = module.default),
			(e: unknown) => {
				this.#loading = undefined;
				throw e;
			}
		);
		const component = await this.#loading;
		await tick();
		return component;
	}
}
