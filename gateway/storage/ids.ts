/**
 * Server message ids: `m_<run>_<n>`. Each process run draws a fresh run id (time + randomness)
 * and counts from 1, so an id is never handed out twice, also when a killed gateway is restarted
 * on a store that never learnt the last ids it gave (they were never committed or acked).
 */
import { randomBytes } from 'node:crypto';

/** A new run id: base-36 epoch ms and 32 random bits. */
export function newRunId(): string {
	return `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
}
