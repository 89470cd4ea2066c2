/**
 * Make every text a frame carries well-formed before it reaches the stream buffer or the store
 * (see protocol/text.ts). Frames are decoded fresh per message, so they are changed in place.
 */
import type { MessagePayload } from '../protocol/iris/frames';
import { wellFormed, wellFormedPrefix } from '../protocol/text';
import type { InboundEvent } from './inbound';

function fixMessage(m: MessagePayload): void {
	if (m.text !== undefined) m.text = wellFormed(m.text);
	if (m.reasoning !== undefined) m.reasoning = wellFormed(m.reasoning);
}

/**
 * Replace lone surrogates in the texts of `frame` (in place) and return it. An append is made
 * well-formed on its own: the adapter that cut it holds back a high surrogate whose pair is still
 * to come (`connection/v3/inbound.ts`).
 */
export function wellFormedFrame(frame: InboundEvent): InboundEvent {
	switch (frame.type) {
		case 'message.update':
			frame.payload.text = wellFormedPrefix(frame.payload.text);
			break;
		case 'message.append':
			frame.payload.text = wellFormed(frame.payload.text);
			break;
		case 'message.stop':
			if (frame.payload.final_text !== undefined) {
				frame.payload.final_text = wellFormed(frame.payload.final_text);
			}
			if (frame.payload.reasoning !== undefined) {
				frame.payload.reasoning = wellFormed(frame.payload.reasoning);
			}
			break;
		case 'message':
			fixMessage(frame.payload);
			break;
		case 'history':
			frame.payload.messages.forEach(fixMessage);
			break;
	}
	return frame;
}
