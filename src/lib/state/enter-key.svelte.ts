/**
 * What the Enter key does in the composer: send the message, or insert a line break.
 *
 * The default follows the device: with a keyboard and mouse Enter sends (Shift+Enter breaks the
 * line); on a touch screen (`(pointer: coarse)`) Enter breaks the line and the Send button sends,
 * as in the messaging apps people know there. A choice made in Settings overrides the default and
 * is kept in `localStorage` (key `ENTER_KEY_KEY`, `"send"` or `"newline"`): a device preference,
 * read synchronously at start; other tabs follow through the `storage` event. Without
 * `localStorage` the choice lasts for the page.
 */
import { mediaMatches } from '../platform/media-query';

/** The `localStorage` key of the Enter key choice. */
export const ENTER_KEY_KEY = 'iris.enter-key';

/** The media query of a device whose main pointer is a finger. */
export const COARSE_POINTER = '(pointer: coarse)';

/** An explicit choice; absent means "follow the device". */
export type EnterChoice = 'send' | 'newline';

/** The part of `Storage` used here (injectable for tests). */
type ChoiceStore = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): ChoiceStore | undefined {
	try {
		return globalThis.localStorage ?? undefined;
	} catch {
		// A browser that refuses storage access throws on the property itself.
		return undefined;
	}
}

function parseChoice(raw: string | null): EnterChoice | null {
	return raw === 'send' || raw === 'newline' ? raw : null;
}

function touchPrimary(): boolean {
	return mediaMatches(COARSE_POINTER);
}

export class EnterKeyPreference {
	/** The explicit choice, or null to follow the device. */
	choice = $state<EnterChoice | null>(null);
	/** Whether the device's main pointer is coarse (read once: it does not change in a session). */
	readonly touch: boolean;
	readonly #store: ChoiceStore | undefined;

	/**
	 * @param store where the choice is kept (`localStorage` by default; undefined: memory only)
	 * @param touch whether the device's main pointer is coarse (by default from `matchMedia`)
	 */
	constructor(store: ChoiceStore | undefined = browserStorage(), touch = touchPrimary()) {
		this.#store = store;
		this.touch = touch;
		this.choice = parseChoice(this.#read());
		if (typeof addEventListener === 'function') {
			addEventListener('storage', (e: StorageEvent) => {
				if (e.key === ENTER_KEY_KEY) this.choice = parseChoice(e.newValue);
			});
		}
	}

	/** Whether a plain Enter sends the message (otherwise it inserts a line break). */
	get sends(): boolean {
		return this.choice === null ? !this.touch : this.choice === 'send';
	}

	/** Choose whether a plain Enter sends; remembered on this device. */
	set(sends: boolean): void {
		this.choice = sends ? 'send' : 'newline';
		try {
			this.#store?.setItem(ENTER_KEY_KEY, this.choice);
		} catch {
			// Storage full or blocked: the choice lasts for this page.
		}
	}

	#read(): string | null {
		try {
			return this.#store?.getItem(ENTER_KEY_KEY) ?? null;
		} catch {
			return null;
		}
	}
}

/** The app's one preference (shared by the composer and Settings). */
export const enterKey = new EnterKeyPreference();
