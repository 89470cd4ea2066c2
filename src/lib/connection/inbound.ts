/**
 * What reaches the worker from a gateway, above the socket: the Iris server frames (decoded and
 * validated by the link, or made by a dialect adapter), plus one event that is not a wire frame.
 */
import type { ServerFrame } from '../protocol/iris/frames';
import type { Refusal } from '../db/refused';

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

/**
 * The gateway refused a user message of ours after it had taken it: a Hermes Chat v3 `error`
 * whose `reply_to` names a message already acked (v3 acks on the `pong`, the agent's error comes
 * later). The message becomes failed with the error's text, and Retry sends it again as
 * `retry_client_msg_id` (the gateway drops a repeated id).
 */
export interface MessageRefused {
	v: 1;
	type: 'message.refused';
	chat_id?: string;
	payload: Refusal;
}

/** A domain event for the worker: an Iris server frame, an append, or a refusal. */
export type InboundEvent = ServerFrame | TextAppend | MessageRefused;
