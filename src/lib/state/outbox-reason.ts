/**
 * The worker writes why a message is not delivered, or waits, in English (`MessageRow.error`):
 * it has no locale, and the diagnostics keep those words. The page says it in the reader's
 * language: the worker's own fixed phrases are translated here; a gateway's or an upload's own
 * words (after `Not delivered: `) are shown as they came, after a translated prefix.
 */
import { m } from '../i18n';

/** `Not delivered` with an optional `: <reason>` (outbox-sender.ts). */
const NOT_DELIVERED = /^Not delivered(?::\s*([\s\S]*))?$/;
/** `Waiting: the gateway limits how fast messages go; retrying in <n> s` (outbox-sender.ts). */
const WAITING = /^Waiting: the gateway limits how fast messages go; retrying in (\d+) s$/;

/** The worker's fixed reasons, by their English words. */
const REASONS: Record<string, () => string> = {
	'no answer from the gateway': m.outbox_reason_no_answer,
	'this channel no longer exists on the gateway': m.outbox_reason_channel_gone,
	'upload failed': m.outbox_reason_upload_failed
};

/**
 * `error` as stored on a message row, in the reader's language: a recognised worker phrase is
 * translated, anything else (the gateway's own words) is returned unchanged.
 */
export function outboxReason(error: string): string {
	const waiting = WAITING.exec(error);
	if (waiting) return m.outbox_waiting_rate_limit({ seconds: Number(waiting[1]) });
	const failed = NOT_DELIVERED.exec(error);
	if (!failed) return error;
	const reason = failed[1]?.trim();
	if (!reason) return m.message_not_delivered();
	return m.outbox_not_delivered({ reason: REASONS[reason]?.() ?? reason });
}
