/**
 * A browser sees a refused WebSocket upgrade only as a bare close 1006. The v3 gateway answers a
 * plain `GET` of the socket URL with 401/403 when the token is refused (426 when it is fine), so
 * after a close before the open the adapter asks, to tell a refused token from a gateway that is
 * down (doc/protocol.md "Hermes Chat v3: the client adapter").
 */
import { v3HttpBase, V3_WS_PATH } from '../../protocol/hermes-v3';
import { bearer } from './http';

/** Whether the gateway at `url` refuses `token`; false when it cannot be asked. */
export async function refusesToken(
	url: string,
	token: string,
	fetchFn: typeof fetch = fetch
): Promise<boolean> {
	try {
		const res = await fetchFn(`${v3HttpBase(url)}${V3_WS_PATH}`, { headers: bearer(token) });
		return res.status === 401 || res.status === 403;
	} catch {
		return false;
	}
}
