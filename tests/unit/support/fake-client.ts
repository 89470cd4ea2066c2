import { IrisClient } from '../../../src/lib/connection/client';
import type { IrisDB } from '../../../src/lib/db/schema';
import type { FakeClock } from './fake-clock';
import { FakeSocket } from './fake-socket';

/**
 * An `IrisClient` on fake time and fake sockets: every socket it opens is pushed to `sockets`;
 * `randomUUID` gives `<prefix>-1`, `<prefix>-2` …
 */
export function fakeClient(
	db: IrisDB,
	clock: FakeClock,
	sockets: FakeSocket[],
	prefix = 'uuid',
	deviceName = 'test device'
): IrisClient {
	let uuid = 0;
	return new IrisClient({
		db,
		clock,
		createSocket: (url) => {
			const s = new FakeSocket(url);
			sockets.push(s);
			return s;
		},
		isOnline: () => true,
		randomUUID: () => `${prefix}-${++uuid}`,
		deviceName
	});
}
