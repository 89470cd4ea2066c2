/**
 * Where each inbound frame goes (see doc/architecture.md "Following one frame"): streamed text
 * to the hot buffers, stored frames to the apply queue, turn state to the activity, and what is
 * shown but not stored (notifications, the gateway's status, unsolicited errors) to the pages.
 */
import type { MediaRef } from '../protocol/iris/frames';
import type { IrisDB } from '../db/schema';
import { isStored } from '../db/apply';
import { closeInterrupted } from '../db/interrupted';
import { markRefused } from '../db/refused';
import type { TurnActivity } from './activity';
import type { AnswerTiming, AnswerWait } from './answer-timing';
import type { ApplyQueue } from './apply-queue';
import { featureEvent, serverErrorEvent } from './feature-events';
import type { HotTexts } from './hot-texts';
import type { InboundEvent } from './inbound';
import type { MediaTransfers } from './media';
import { offerAsMessage } from './media/refs';
import type { OutboxSender } from './outbox-sender';
import { PartOffsets } from './part-offsets';
import type { StopPayload } from '../db/message-run';
import type { Reporter } from './reporter';
import type { ToastFilter } from './toast-filter';
import { wellFormedFrame } from './well-formed';

export interface FrameRouterDeps {
	db: IrisDB;
	/** The channel of frames without `chat_id`. */
	defaultChatId: () => string;
	/** Whether the gateway reports its turns (Iris does; Hermes Chat v3 has no turn state). */
	hasTurnState: () => boolean;
	hot: HotTexts;
	queue: ApplyQueue;
	activity: TurnActivity;
	outbox: OutboxSender;
	media: MediaTransfers;
	reporter: Reporter;
	/** Which notifications become toasts. */
	toasts: ToastFilter;
	/** How fast answers followed live come (the stop's write takes it, ApplyQueue `answerTiming`). */
	timing: AnswerTiming;
}

/** The `agent.busy` reasons that say the agent is not writing (AnswerTiming leaves them out). */
const WAITS: Partial<Record<string, AnswerWait>> = { tool: 'tool', waiting_input: 'reader' };

export class FrameRouter {
	readonly #d: FrameRouterDeps;
	/** Channels the running `sync` replay called idle, checked when it ends (`caughtUp`). */
	readonly #idleInReplay = new Set<string>();
	/** Where each tool card, beat and question began in its answer's text. */
	readonly #offsets: PartOffsets;

	constructor(deps: FrameRouterDeps) {
		this.#d = deps;
		this.#offsets = new PartOffsets((message_id) => deps.hot.latest(message_id));
	}

	/** Handle one inbound event (never throws; store failures are reported). */
	route(input: InboundEvent): void {
		const frame = wellFormedFrame(input);
		const { hot, queue, activity, reporter } = this.#d;
		const chat_id = frame.chat_id ?? this.#d.defaultChatId();
		switch (frame.type) {
			case 'message.update': {
				const { message_id, text, reasoning } = frame.payload;
				const before = hot.latest(message_id);
				this.#d.timing.text(message_id, text === '', chat_id, before === undefined);
				this.#opening(message_id, chat_id, () =>
					hot.update(message_id, text, typeof reasoning === 'string' ? reasoning : undefined)
				);
				// Taken, and not an extension of the text before: the places measured on it moved.
				if (
					before !== undefined &&
					this.#offsets.measuredOn(message_id) &&
					hot.latest(message_id) === text &&
					!text.startsWith(before)
				) {
					this.#offsets.rewritten(message_id);
				}
				return;
			}
			case 'message.append': {
				const { message_id, text } = frame.payload;
				const first = hot.latest(message_id) === undefined;
				this.#d.timing.text(message_id, text === '', chat_id, first);
				this.#opening(message_id, chat_id, () => hot.append(message_id, text));
				return;
			}
			case 'message.stop': {
				const { text, reasoning } = hot.stop(frame.payload.message_id);
				const payload = { ...frame.payload };
				if (payload.final_text === undefined && text !== undefined) payload.final_text = text;
				if (payload.reasoning === undefined && reasoning !== undefined) {
					payload.reasoning = reasoning;
				}
				this.#d.timing.stop(frame.payload.message_id);
				const { message_id, final_text } = frame.payload;
				if (this.#offsets.stopped(message_id, text, final_text)) {
					(payload as StopPayload).parts_unplaced = true;
				}
				queue.enqueue({ ...frame, payload });
				return;
			}
			case 'message.start':
				this.#d.timing.start(frame.payload.message_id, chat_id);
				// The store opens a turn for an answer only (db/message-run.ts).
				if ((frame.payload.role ?? 'assistant') === 'assistant') {
					this.#offsets.started(chat_id, frame.payload.message_id);
				}
				queue.enqueue(frame);
				return;
			case 'tool.start':
			case 'commentary':
			case 'picker.model':
			case 'picker.choice':
			case 'picker.clarify':
			case 'picker.approval':
			case 'picker.confirm':
				queue.enqueue(this.#offsets.measure(frame, chat_id, !this.#d.toasts.catchingUp));
				return;
			case 'message':
				this.#d.outbox.enrichAck(frame);
				queue.enqueue(frame);
				this.#announceMedia(frame.payload.media ?? []);
				return;
			case 'history':
				queue.enqueue(frame);
				this.#announceMedia(frame.payload.messages.flatMap((m) => m.media ?? []));
				return;
			case 'media.offer':
				// With an id it answers our `media.upload.end`; without, the agent offers media.
				if (frame.id !== undefined) return;
				queue.enqueue(offerAsMessage(frame));
				this.#announceMedia([frame.payload]);
				return;
			case 'agent.busy': {
				const reason = frame.payload.reason ?? 'processing';
				activity.set(chat_id, { busy: true, reason });
				this.#d.timing.waiting(chat_id, WAITS[reason]);
				return;
			}
			case 'agent.idle':
				activity.set(chat_id, { busy: false, typing: false });
				this.#d.timing.waiting(chat_id, undefined);
				// The turn is over: an answer still open in the channel (one a restarted gateway
				// forgot, when the reader sent again at once) will never be stopped. An idle a
				// `sync` replays is checked once per channel when the replay ends (`caughtUp`),
				// not once per replayed turn, a write each.
				if (this.#d.toasts.catchingUp) this.#idleInReplay.add(chat_id);
				else this.closeForgotten(chat_id);
				return;
			case 'typing':
				activity.set(chat_id, { typing: frame.payload.on });
				return;
			case 'error':
				if (frame.id === undefined) {
					reporter.diagnose(
						'server_error',
						`${frame.payload.code ?? 'error'}: ${frame.payload.message ?? ''}`
					);
					reporter.emit(serverErrorEvent(frame));
				}
				return;
			case 'message.refused': {
				// The details stay in the diagnostics; the message itself says "Not sent".
				const { message_id, code, message } = frame.payload;
				reporter.diagnose('server_error', `${code}: ${message} (answering ${message_id})`);
				queue.change(async (changes) => {
					if (!(await markRefused(this.#d.db, frame.payload, changes))) {
						reporter.emit({ type: 'server_error', message, code });
					}
				});
				return;
			}
			case 'notification': {
				const event = featureEvent(frame, chat_id);
				if (event.type !== 'notification') return;
				const { notification } = event;
				// A scheduled job's notice is kept for the Inbox, stored in order with the other
				// frames (a `channel.deleted` replayed after it removes it again); one without `ts`
				// that `sync` replays cannot be told from the copy stored before: not stored again.
				const { toasts } = this.#d;
				if (notification.kind === 'cron' && (notification.ts !== undefined || !toasts.catchingUp))
					queue.enqueue(frame);
				if (toasts.shows(notification)) reporter.emit(event);
				return;
			}
			case 'status':
				reporter.emit(featureEvent(frame, chat_id));
				return;
			case 'channel.created':
			case 'channel.renamed':
				// The answer to this device's own request: its notification echo is no news here.
				if (frame.id !== undefined) this.#d.toasts.ownChange(frame.type, frame.payload.chat_id);
				queue.enqueue(frame);
				return;
			default:
				if (isStored(frame)) queue.enqueue(frame);
		}
	}

	/**
	 * After a reconnect's sync and the channel's gap-fill page, and on each live `agent.idle`: an Iris
	 * gateway has said by now which turns it runs (`agent.busy` follows `sync.done`), so an answer
	 * still open in a channel it calls idle will never get its `message.stop`: close it as
	 * interrupted (db/interrupted.ts; a late `message.stop` still completes it normally). Not for
	 * v3, which has no turn state to go by.
	 */
	closeForgotten(chat_id: string): void {
		if (!this.#d.hasTurnState()) return;
		const { db, hot, activity, reporter } = this.#d;
		this.#d.queue.then(async () => {
			if (activity.busy(chat_id)) return;
			const closed = await closeInterrupted(db, chat_id, (message_id) => {
				this.#offsets.stopped(message_id);
				return hot.stop(message_id);
			});
			for (const row of closed) reporter.diagnose('turn', `answer ${row.message_id} was cut off`);
		});
	}

	/** A `sync` catch-up started. */
	syncing(): void {
		this.#offsets.syncing();
	}

	/**
	 * The `sync` catch-up ended (answered, refused or timed out): check each channel its replay
	 * called idle, once.
	 */
	caughtUp(): void {
		for (const chat_id of this.#idleInReplay) this.closeForgotten(chat_id);
		this.#idleInReplay.clear();
		this.#offsets.resume();
	}

	/**
	 * The link went down: its replay's idles say nothing now (the next `sync` replays them), and
	 * the texts kept are too old to measure where parts begin until that `sync` caught up.
	 */
	linkDown(): void {
		this.#idleInReplay.clear();
		this.#offsets.pause();
	}

	/**
	 * Streamed text for `message_id`: an update without a start (e.g. a coalesced replay) opens
	 * the message; a start for a message already stored is a no-op.
	 */
	#opening(message_id: string, chat_id: string, change: () => boolean): void {
		const first = this.#d.hot.latest(message_id) === undefined;
		if (change() && first) {
			this.#offsets.started(chat_id, message_id);
			this.#d.queue.enqueue({ v: 1, type: 'message.start', chat_id, payload: { message_id } });
		}
	}

	/** After the frames that carry it are stored, remember media and fetch what is eager. */
	#announceMedia(refs: MediaRef[]): void {
		if (refs.length === 0) return;
		this.#d.queue.then(() =>
			this.#d.media
				.announce(refs)
				.catch((e: Error) => this.#d.reporter.diagnose('media', e.message))
		);
	}
}
