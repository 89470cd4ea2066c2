/**
 * The user's control of a running turn, in the worker (doc/protocol.md "Streaming"; spec
 * `agent.stop`, `agent.steer`, `picker.select`):
 * - stop: `agent.stop` in the channel's scope; fails (rejects) when not connected;
 * - steer: `agent.steer{text}`; when there is no link or no turn to steer (`error`), the text is
 *   sent as a normal message instead, so nothing typed is lost;
 * - select a picker's answer: stored first (`sending`), then `picker.select`; answered on the
 *   server's ack; `error{not_found}` marks it expired; any other failure reopens it with the reason.
 */
import type { IrisDB } from '../db/schema';
import type { Link } from './link';
import { sendPickerSelect, type PickerAnswer } from './picker-select';

/** Scope of a command: channel and optional thread (the envelope's `chat_id` / `thread_id`). */
export interface CommandScope {
	chat_id: string;
	thread_id?: string;
}

export interface TurnCommandDeps {
	db: IrisDB;
	/** The ready link, or null when not connected. */
	link: () => Link | null;
	/** Queue a message in the outbox (the normal send path). */
	send: (input: CommandScope & { text: string }) => Promise<string>;
	log: (line: string) => void;
}

function envelope(scope: CommandScope): CommandScope {
	return scope.thread_id === undefined
		? { chat_id: scope.chat_id }
		: { chat_id: scope.chat_id, thread_id: scope.thread_id };
}

/** Stop, steer, and picker answers; see the module comment. */
export class TurnCommands {
	readonly #d: TurnCommandDeps;

	constructor(deps: TurnCommandDeps) {
		this.#d = deps;
	}

	/** Send `agent.stop`; resolves when the server answered. Rejects when not connected. */
	async stop(scope: CommandScope): Promise<void> {
		const link = this.#d.link();
		if (!link) throw new Error('Not connected: the agent cannot be stopped right now');
		await link.request({ type: 'agent.stop', ...envelope(scope), payload: {} }).answer;
	}

	/** Steer the running turn; `'sent'` when the text went out as a message instead. */
	async steer(input: CommandScope & { text: string }): Promise<'steered' | 'sent'> {
		const link = this.#d.link();
		if (link) {
			try {
				await link.request({
					type: 'agent.steer',
					...envelope(input),
					payload: { text: input.text }
				}).answer;
				return 'steered';
			} catch (e) {
				this.#d.log(`steer refused (${(e as Error).message}); sending it as a message`);
			}
		}
		await this.#d.send(input);
		return 'sent';
	}

	/** Answer a picker once; a picker already answered or being answered is left alone. */
	async selectPicker(answer: PickerAnswer): Promise<void> {
		const { db } = this.#d;
		const row = await db.pickers.get(answer.picker_id);
		if (!row || row.state === 'answered' || row.state === 'sending') return;
		const link = this.#d.link();
		if (!link) {
			await db.pickers.update(answer.picker_id, {
				answer: { value: answer.value, label: answer.label },
				error: 'Not sent: not connected. Try again when connected.'
			});
			return;
		}
		const sent = await sendPickerSelect(db, link, row, answer);
		if (sent.outcome === 'unanswered') {
			await db.pickers.update(answer.picker_id, {
				state: 'open',
				error: `Not sent: ${sent.error.message}. Try again.`
			});
		}
	}
}
