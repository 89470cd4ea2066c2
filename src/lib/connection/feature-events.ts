/**
 * Page events for server frames that are shown but not stored: `notification` (a toast),
 * `status` (the gateway's state in the header) and an `error` without request `id` (a banner).
 */
import type { ServerFrameOf } from '../protocol/iris/frames';
import type { FeatureEvent, InAppNotification } from '../bridge/features';

/** The event for a `notification` or `status` frame; `chat_id` is the frame's resolved scope. */
export function featureEvent(
	frame: ServerFrameOf<'notification'> | ServerFrameOf<'status'>,
	chat_id: string
): FeatureEvent {
	if (frame.type === 'status') {
		return { type: 'server_status', state: frame.payload.state ?? 'online' };
	}
	const notification: InAppNotification = { chat_id, kind: frame.payload.kind ?? 'generic' };
	const { title, body, ts } = frame.payload;
	if (title !== undefined) notification.title = title;
	if (body !== undefined) notification.body = body;
	if (ts !== undefined) notification.ts = ts;
	return { type: 'notification', notification };
}

/** The banner event for an unsolicited `error`. */
export function serverErrorEvent(frame: ServerFrameOf<'error'>): FeatureEvent {
	const event: FeatureEvent = {
		type: 'server_error',
		message: frame.payload.message || 'The gateway reported an error'
	};
	if (frame.payload.code !== undefined) event.code = frame.payload.code;
	return event;
}
