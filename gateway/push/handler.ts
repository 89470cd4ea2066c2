/**
 * `fcm.register{fcm_token?, ntfy_topic?}` (doc/protocol.md "Push"): a device registers or changes
 * how it wants to be reached; without fields it unregisters. Answered with a `status` (the
 * gateway's current state) carrying the request `id` (the spec names no dedicated answer; any
 * frame with the id acks).
 */
import { frame, type AppFrameOf } from '../../src/lib/protocol/iris';
import type { Hub, Peer } from '../hub';

const refuse = (message: string, id: number | undefined) =>
	frame('error', { code: 'unsupported' as const, message }, id === undefined ? {} : { id });

export function handleFcmRegister(hub: Hub, peer: Peer, f: AppFrameOf<'fcm.register'>): void {
	if (!hub.push || peer.deviceId === undefined) {
		peer.send(refuse('push is not enabled on this gateway (IRIS_PUSH)', f.id));
		return;
	}
	const error = hub.push.register(peer.deviceId, f.payload);
	peer.send(
		error === undefined
			? // The gateway's real state (`/demo status` can change it): the app shows any `status`.
				frame('status', { state: hub.state }, { id: f.id })
			: refuse(error, f.id)
	);
}
