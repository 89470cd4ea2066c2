/**
 * What reaches the worker from a gateway, above the socket: the Iris server frames (decoded and
 * validated by the link, or made by a dialect adapter), plus one event that is not a wire frame.
 */
import type { ServerFrame } from '../protocol/iris/frames';

/**
 * Characters streamed onto the end of a message's text. A dialect whose stream parts append
 * (Hermes Chat v3 `stream`) hands these up as they are, so a part costs O(its length), where a
 * `message.update` (the full text so far) costs O(text).
 */
export interface TextAppend {
	v: 1;
	type: 'message.append';
	chat_id?: string;
	payload: { message_id: string; text: string };
}

/** A domain event for the worker: an Iris server frame, or an append. */
export type InboundEvent = ServerFrame | TextAppend;
