/**
 * Read receipts on the demo gateway: `read.receipt{chat_id, message_id}` is stored (last one per
 * chat) and relayed to the user's other devices, recorded so a device offline now gets it on
 * `sync` (doc/protocol.md "Read receipts": the app accepts an inbound `read.receipt`).
 */
import { frame, type AppFrameOf } from '../../src/lib/protocol/iris';
import type { Hub, Peer } from '../hub';
import { errorFrame } from '../errors';

export function handleReadReceipt(hub: Hub, peer: Peer, f: AppFrameOf<'read.receipt'>): void {
	const { chat_id, message_id } = f.payload;
	if (!hub.channel(chat_id)) {
		return peer.send(errorFrame('not_found', `unknown chat_id "${chat_id}"`, f.id));
	}
	hub.atomically(() => {
		hub.setRead(chat_id, message_id);
		hub.broadcast(frame('read.receipt', { chat_id, message_id }, { chat_id }), {
			record: true,
			except: peer
		});
	});
}
