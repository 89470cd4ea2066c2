/**
 * The worker's side of `FeatureApi` (bridge/features.ts): channel management, history pages,
 * slash commands, server search and read receipts over the ready link. Answers are stored by
 * `applyFrames` (through the client's batch queue) before a command resolves, so the page sees
 * the result through `liveQuery` no later than the promise settles ("save first, then announce").
 */
import type { ServerFrame, ServerFrameOf } from '../protocol/iris/frames';
import type { CommandMatch, FeatureApi, SearchHit } from '../bridge/features';
import type { IrisDB } from '../db/schema';
import type { Link } from './link';
import { RequestError, RequestTimeoutError } from './requests';
import { sendQueuedAnswers } from './queued-answers';
import { LOCAL_PREFIX } from '../db/local-id';

type Outgoing = Parameters<Link['request']>[0];

export interface FeatureDeps {
	db: IrisDB;
	/** The ready link, or null while not connected. */
	link: () => Link | null;
	/** Resolves once every frame received so far is applied to the store. */
	applied: () => Promise<void>;
	/** Record a problem in the diagnostics log (`kind`, human message). */
	diagnose: (kind: string, message: string) => void;
}

/** Default `history` page size (doc/protocol.md "Reconnect and sync": `limit` ≤ 200). */
export const HISTORY_PAGE = 50;

/** A human message for a failed request (shown by the page as is). */
function describe(e: unknown): string {
	if (e instanceof RequestError) return e.message || `The gateway refused (${e.code})`;
	if (e instanceof RequestTimeoutError) return 'The gateway did not answer in time';
	return e instanceof Error ? e.message : String(e);
}

export class FeatureRequests implements FeatureApi {
	readonly #d: FeatureDeps;

	constructor(deps: FeatureDeps) {
		this.#d = deps;
	}

	/**
	 * A link became ready: fetch the command catalog, send receipts made while offline and answers
	 * chosen on notifications meanwhile.
	 */
	onReady(link: Link): void {
		link
			.request({ type: 'commands.catalog', payload: {} })
			.answer.catch((e: unknown) => this.#d.diagnose('commands', describe(e)));
		void this.#sendPendingReceipts(link).catch((e: unknown) =>
			this.#d.diagnose('read_receipt', describe(e))
		);
		const note = (line: string) => this.#d.diagnose('picker', line);
		void sendQueuedAnswers(this.#d.db, link, note).catch((e: unknown) => note(describe(e)));
	}

	async createChannel(input: {
		name: string;
		kind: 'channel' | 'thread';
		parent_chat_id?: string;
	}): Promise<string> {
		const payload: { name: string; kind: 'channel' | 'thread'; parent_chat_id?: string } = {
			name: input.name,
			kind: input.kind
		};
		if (input.parent_chat_id !== undefined) payload.parent_chat_id = input.parent_chat_id;
		const answer = await this.#request({ type: 'channel.create', payload });
		if (answer.type !== 'channel.created') throw new Error(`unexpected answer ${answer.type}`);
		return answer.payload.chat_id;
	}

	async renameChannel(chat_id: string, name: string): Promise<void> {
		await this.#request({ type: 'channel.rename', chat_id, payload: { name } });
	}

	async setDefaultChannel(chat_id: string): Promise<void> {
		await this.#request({ type: 'channel.set_default', chat_id, payload: {} });
	}

	async deleteChannel(chat_id: string): Promise<void> {
		await this.#request({ type: 'channel.delete', chat_id, payload: {} });
	}

	async loadHistory(input: {
		chat_id: string;
		before_message_id?: string;
		limit?: number;
	}): Promise<{ has_more: boolean; count: number; oldest_message_id?: string }> {
		const payload: { before_message_id?: string; limit: number } = {
			limit: input.limit ?? HISTORY_PAGE
		};
		if (input.before_message_id !== undefined) payload.before_message_id = input.before_message_id;
		const answer = await this.#request({ type: 'history', chat_id: input.chat_id, payload });
		if (answer.type !== 'history') throw new Error(`unexpected answer ${answer.type}`);
		const page = answer.payload;
		const result: { has_more: boolean; count: number; oldest_message_id?: string } = {
			// A server that leaves has_more out: an empty page means there is nothing older.
			has_more: page.has_more ?? page.messages.length > 0,
			count: page.messages.length
		};
		const oldest = page.oldest_message_id ?? page.messages[0]?.message_id;
		if (oldest !== undefined) result.oldest_message_id = oldest;
		return result;
	}

	async completeCommands(prefix: string): Promise<CommandMatch[]> {
		const answer = await this.#request({ type: 'commands.complete', payload: { prefix } });
		if (answer.type !== 'commands.complete') return [];
		return answer.payload.matches.map((m) => ({ ...m }));
	}

	async search(input: {
		query: string;
		scope: 'all' | 'chat';
		chat_id?: string;
	}): Promise<SearchHit[]> {
		const frame: Outgoing = {
			type: 'search',
			payload: { query: input.query, scope: input.scope }
		};
		if (input.scope === 'chat' && input.chat_id !== undefined) frame.chat_id = input.chat_id;
		const answer = await this.#request(frame);
		if (answer.type !== 'search.results') return [];
		const fallback = frame.chat_id;
		return (answer as ServerFrameOf<'search.results'>).payload.hits.flatMap((h) => {
			const chat_id = h.chat_id ?? fallback ?? answer.chat_id;
			return chat_id === undefined ? [] : [{ ...h, chat_id }];
		});
	}

	async markRead(chat_id: string, message_id: string): Promise<void> {
		const db = this.#d.db;
		const message = await db.messages.get(message_id);
		if (!message || message.message_id.startsWith(LOCAL_PREFIX)) return;
		const moved = await db.transaction('rw', db.reads, async () => {
			const current = await db.reads.get(chat_id);
			if (current && current.ts >= message.ts) return false;
			await db.reads.put({ chat_id, message_id, ts: message.ts, pending: true });
			return true;
		});
		const link = this.#d.link();
		if (moved && link) this.#sendReceipt(link, chat_id, message_id);
	}

	/** `read.receipt` is an event to the server (no `id`, no answer), then the row is settled. */
	#sendReceipt(link: Link, chat_id: string, message_id: string): void {
		try {
			link.notify({ type: 'read.receipt', chat_id, payload: { chat_id, message_id } });
		} catch (e) {
			this.#d.diagnose('read_receipt', describe(e));
			return;
		}
		const db = this.#d.db;
		void db
			.transaction('rw', db.reads, async () => {
				const row = await db.reads.get(chat_id);
				if (row?.message_id === message_id) await db.reads.update(chat_id, { pending: false });
			})
			.catch((e: unknown) => this.#d.diagnose('storage', describe(e)));
	}

	async #sendPendingReceipts(link: Link): Promise<void> {
		const rows = await this.#d.db.reads.filter((r) => r.pending === true).toArray();
		for (const row of rows) if (link.ready) this.#sendReceipt(link, row.chat_id, row.message_id);
	}

	async #request(frame: Outgoing): Promise<ServerFrame> {
		const link = this.#d.link();
		if (!link) throw new Error('Not connected to the gateway');
		let answer: ServerFrame;
		try {
			answer = await link.request(frame).answer;
		} catch (e) {
			throw new Error(describe(e), { cause: e });
		}
		await this.#d.applied();
		return answer;
	}
}
