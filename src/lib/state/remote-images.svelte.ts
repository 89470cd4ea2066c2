/**
 * Which remote images in messages may load (doc/security.md "Remote images"): the URLs the
 * reader chose "Load image" for (this page only), and the hosts they chose "Always" for.
 *
 * The hosts are kept in `localStorage` (key `REMOTE_IMAGE_HOSTS_KEY`, a JSON array): a device
 * preference, read synchronously at start, so an allowed image shows at once instead of flashing
 * its placeholder first; other tabs follow through the `storage` event. When `localStorage` is
 * unavailable the choice lasts for the page.
 */
import { SvelteSet } from 'svelte/reactivity';

/** The `localStorage` key of the hosts whose images load without asking. */
export const REMOTE_IMAGE_HOSTS_KEY = 'iris.remote-image-hosts';

/** The part of `Storage` used here (injectable for tests). */
type HostStore = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): HostStore | undefined {
	try {
		return globalThis.localStorage ?? undefined;
	} catch {
		// A browser that refuses storage access throws on the property itself.
		return undefined;
	}
}

function parseHosts(raw: string | null): string[] {
	try {
		const value: unknown = JSON.parse(raw ?? '[]');
		return Array.isArray(value) ? value.filter((h): h is string => typeof h === 'string') : [];
	} catch {
		return [];
	}
}

export class RemoteImagePolicy {
	/** Hosts (with port, as `URL.host`) whose images load without asking, in the order allowed. */
	hosts = $state<string[]>([]);
	readonly #once = new SvelteSet<string>();
	readonly #store: HostStore | undefined;

	constructor(store: HostStore | undefined = browserStorage()) {
		this.#store = store;
		this.hosts = parseHosts(this.#read());
		if (typeof addEventListener === 'function') {
			addEventListener('storage', (e: StorageEvent) => {
				if (e.key === REMOTE_IMAGE_HOSTS_KEY) this.hosts = parseHosts(e.newValue);
			});
		}
	}

	/** Whether the image at `url` (on `host`) may load now. */
	allows(url: string, host: string): boolean {
		return this.#once.has(url) || (host !== '' && this.hosts.includes(host));
	}

	/** The reader chose "Load image" for `url`: it loads, here and wherever it shows on this page. */
	loadOnce(url: string): void {
		this.#once.add(url);
	}

	/** The reader chose "Always" for `host`: its images load from now on, also after a reload. */
	alwaysFrom(host: string): void {
		if (!host || this.hosts.includes(host)) return;
		this.#save([...this.hosts, host]);
	}

	/** Ask again for images from `host`. */
	forget(host: string): void {
		this.#save(this.hosts.filter((h) => h !== host));
	}

	#read(): string | null {
		try {
			return this.#store?.getItem(REMOTE_IMAGE_HOSTS_KEY) ?? null;
		} catch {
			return null;
		}
	}

	#save(hosts: string[]): void {
		this.hosts = hosts;
		try {
			this.#store?.setItem(REMOTE_IMAGE_HOSTS_KEY, JSON.stringify(hosts));
		} catch (e) {
			console.warn('[remote-images] could not remember the choice', e);
		}
	}
}

/** The page's one policy. */
export const remoteImages = new RemoteImagePolicy();
