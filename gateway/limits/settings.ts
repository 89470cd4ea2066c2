/**
 * The gateway's limits on what clients may do, with defaults generous enough that a person (or
 * the e2e suite) never meets them and tight enough that a stranger cannot exhaust the process:
 *
 * - before `hello.ack`: a hello within `helloTimeoutMs`, at most `preauthBytes` received, at most
 *   `preauthPerAddress` such connections per address and `preauthTotal` in all;
 * - failed authentications (a wrong token in an Iris `hello`, a v3 upgrade or HTTP request, a
 *   test hook): `authFailures` per address; an address out of tokens is answered 429 (or
 *   `error{rate_limited}`) without its token being looked at;
 * - `message.send` (and v3 messages): `sends` per device (per v3 user).
 */
import type { RateLimit } from './rate-limiter';

/** Limits of one gateway; times in ms, sizes in bytes. */
export interface Limits {
	/** Time from the upgrade to a valid `hello`, ms; then the socket is closed (4002). */
	helloTimeoutMs: number;
	/** Bytes (frame headers included) a connection may send before `hello.ack`. */
	preauthBytes: number;
	/** Connections without `hello.ack` at once, per remote address. */
	preauthPerAddress: number;
	/** Connections without `hello.ack` at once, in all. */
	preauthTotal: number;
	/** Failed authentications per remote address. */
	authFailures: RateLimit;
	/** `message.send` per device (`hello.device_id`); v3 messages per user. */
	sends: RateLimit;
}

/** The defaults (`IRIS_HELLO_TIMEOUT_MS`, `IRIS_SEND_BURST`, `IRIS_SEND_PER_SECOND` change three). */
export const DEFAULT_LIMITS: Readonly<Limits> = {
	helloTimeoutMs: 10_000,
	// A hello with a Web Push subscription is well under 2 KiB.
	preauthBytes: 64 * 1024,
	preauthPerAddress: 16,
	preauthTotal: 128,
	// 10 wrong tokens at once, then one every 2 s: 2,000 guesses take more than an hour.
	authFailures: { burst: 10, perSecond: 0.5 },
	// 30 messages at once, then 5 a second, sustained: far beyond typing, even beyond pasting.
	sends: { burst: 30, perSecond: 5 }
};

/** `DEFAULT_LIMITS` with `given` over it (a partial `sends` / `authFailures` too). */
export function limitsWith(given: Partial<Limits> | undefined): Limits {
	return {
		...DEFAULT_LIMITS,
		...given,
		authFailures: { ...DEFAULT_LIMITS.authFailures, ...given?.authFailures },
		sends: { ...DEFAULT_LIMITS.sends, ...given?.sends }
	};
}
