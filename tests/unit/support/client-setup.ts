/**
 * An `IrisClient` on fake time, fake sockets and a fresh fake-indexeddb database per test
 * (`clientHarness`), plus a helper to read the `message.send` frames a socket carried.
 */
import 'fake-indexeddb/auto';
import { clientHarness } from './client-harness';
import type { FakeSocket } from './fake-socket';

/** A client and its test doubles (database name `client-test-<n>`). */
export function setup() {
	const t = clientHarness('client-test');
	const sends = (s: FakeSocket) =>
		s.sent.filter((f) => f.type === 'message.send') as {
			id: number;
			payload: { text: string; client_msg_id: string };
		}[];
	return { ...t, sends };
}
