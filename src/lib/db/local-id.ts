/**
 * The ids of messages the reader sent that the server has not acknowledged yet (db/outbox.ts).
 * A module of its own: the page's code (bubbles, message views, read receipts, the history
 * export) only needs the prefix, not the outbox.
 */

/** Prefix of a local message's id until the server gives it a `message_id`. */
export const LOCAL_PREFIX = 'local:';
