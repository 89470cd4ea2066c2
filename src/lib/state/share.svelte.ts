/**
 * A share from another app on its way into a channel (Web Share Target; lib/db/share-inbox.ts
 * keeps it until then). Taking it into a channel puts its text in that channel's draft (after
 * what was already typed there) and its files in that composer's attachments, exactly as if they
 * had been typed and attached there: nothing is sent until the user sends it.
 */
import { dropShare, readShare, sharedText, type SharedContent } from '../db/share-inbox';
import { loadDraft, saveDraft } from './drafts';
import { Attachments } from './attachments.svelte';
import type { AppState } from './app.svelte';
import { DEFAULT_MEDIA_LIMIT_BYTES } from '../protocol/iris/media';

/** Whether `file` is over the upload limit (shown as such; never added to a composer). */
export const tooLarge = (file: File): boolean => file.size > DEFAULT_MEDIA_LIMIT_BYTES;

/**
 * Where the share stands: being read, none waiting, waiting for a channel, being added to one,
 * or added with files that could not be (`problems` says which and why).
 */
export type ShareStage = 'reading' | 'none' | 'waiting' | 'adding' | 'problems';

export class PendingShare {
	stage = $state<ShareStage>('reading');
	content = $state<SharedContent | null>(null);
	/** The composer text the share brings (empty when it brings files only). */
	text = $derived(this.content ? sharedText(this.content) : '');
	/** The share held nothing to place (no words, no files): dropped on reading. */
	empty = $state(false);
	/** Why files were not added, for people. */
	problems = $state<string[]>([]);
	readonly #caches: CacheStorage;
	readonly #origin: string;

	/** @param caches where the service worker kept the share; `origin` the app's origin. */
	constructor(caches: CacheStorage, origin: string) {
		this.#caches = caches;
		this.#origin = origin;
	}

	/** Read the waiting share (storage that cannot be read counts as none waiting). */
	async load(): Promise<void> {
		try {
			this.content = await readShare(this.#caches, this.#origin);
		} catch (e) {
			console.warn('[share] cannot read the waiting share', e);
			this.content = null;
		}
		// A share with no words and no files (an app posting an empty form) is nothing to place.
		if (this.content && !this.text && this.content.files.length === 0) {
			this.empty = true;
			await this.discard();
		}
		this.stage = this.content ? 'waiting' : 'none';
	}

	/**
	 * Put the share in `chat_id`'s composer, then forget it. Resolves true when everything was
	 * added; false when some files were refused or could not be stored (`problems`; the text and
	 * the other files are in the composer all the same).
	 */
	async takeInto(app: AppState, chat_id: string): Promise<boolean> {
		const content = this.content;
		if (!content || this.stage === 'adding') return false;
		this.stage = 'adding';
		const draft = loadDraft(chat_id).trimEnd();
		if (this.text) saveDraft(chat_id, draft ? `${draft}\n\n${this.text}` : this.text);
		const attachments = new Attachments(app, chat_id);
		// Files over the limit were marked in the preview: they stay out, not reported again.
		await attachments.add(content.files.filter((file) => !tooLarge(file)));
		this.problems = attachments.problems;
		await this.discard();
		this.stage = this.problems.length > 0 ? 'problems' : 'none';
		return this.problems.length === 0;
	}

	/** Forget the waiting share (a failure to delete it is only logged: it is not shown again). */
	async discard(): Promise<void> {
		this.content = null;
		await dropShare(this.#caches).catch((e: unknown) =>
			console.warn('[share] could not drop the waiting share', e)
		);
	}
}
