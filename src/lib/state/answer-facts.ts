/**
 * The facts under a finished answer, in reading order: the model, its tokens, how soon its first
 * words came and how fast it streamed (when this device followed it live, db/schema.ts
 * `timing`). Speed needs both tokens and a stream long enough to mean something.
 */
import { m } from '$lib/i18n';
import { formatNumber } from '$lib/i18n/format';
import type { MessageRow } from '../db/schema';

/** Streams shorter than this (ms) came in one piece: a rate over them would be noise. */
const MIN_STREAM_MS = 250;

/** Tokens per second of an answer, or undefined when it has no tokens or no real stream. */
export function tokensPerSecond(row: Pick<MessageRow, 'tokens' | 'timing'>): number | undefined {
	const ms = row.timing?.stream_ms;
	if (!row.tokens || ms === undefined || ms < MIN_STREAM_MS) return undefined;
	return row.tokens / (ms / 1000);
}

/** The facts after the model name: tokens, time to the first text, speed (possibly none). */
export function answerFacts(row: Pick<MessageRow, 'tokens' | 'timing'>): string[] {
	const facts: string[] = [];
	if (row.tokens) facts.push(m.message_tokens({ count: row.tokens }));
	const first = row.timing?.first_text_ms;
	if (first !== undefined) {
		// Tenths of a second; a quicker first word (a local model, or start and text in one
		// message) reads "<0.1 s" ("不到 0.1 秒"), not "0 s": a message of its own, as languages
		// say "under" in their own way.
		facts.push(
			first < 100
				? m.message_first_text_under({ seconds: formatNumber(0.1) })
				: m.message_first_text({
						seconds: formatNumber(first / 1000, { maximumFractionDigits: 1 })
					})
		);
	}
	const rate = tokensPerSecond(row);
	if (rate !== undefined) {
		facts.push(m.message_speed({ rate: formatNumber(rate, { maximumFractionDigits: 0 }) }));
	}
	return facts;
}
