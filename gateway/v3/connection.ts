/**
 * One WebSocket connection speaking Hermes Chat v3 (`/ws/app?token=`), already authenticated
 * (the token is checked before the upgrade, spec "连接": "Gateway 在 upgrade 前验证").
 *
 * Every text frame is decoded and checked against the spec's field tables
 * (`src/lib/protocol/hermes-v3`). A frame that fails gets an `error` frame (`unsupported`, with
 * the reason in `data.text` and the frame's `id` in `reply_to`) and a log line; the connection
 * lives on. `ping` is answered with `pong`. Nothing at all from the app for `idleMs` (90 s, spec
 * "ping / pong") cuts the connection.
 *
 * A message that passes the checks goes to the demo agent (`IRIS_AGENT=demo`) or, with any other
 * `IRIS_AGENT`, to the connected v3 agent (./agent-relay.ts); with none connected it is answered
 * `error{offline}` and not remembered as received (the same `id` later is a new attempt).
 */
import { WebSocket, type RawData } from 'ws';
import {
	decodeV3AppFrame,
	encodeV3Frame,
	V3_AGENT_ID,
	V3_NO_SESSION,
	type V3ErrorCode,
	type V3Frame,
	type V3FrameOf,
	type V3MediaType
} from '../../src/lib/protocol/hermes-v3';
import { rawToBuffer } from '../session';
import { handleV3Message } from './agent';
import { mediaRefProblem } from './media';
import type { V3Hub, V3Peer } from './hub';

/** A message frame from the app: `text` or one of the media types. */
export type V3AppMessage = V3FrameOf<'text'> | V3FrameOf<V3MediaType>;

/** An accepted v3 socket; lives as long as the socket. */
export class V3Connection implements V3Peer {
	readonly #ws: WebSocket;
	readonly #v3: V3Hub;
	/** Who errors go `to` when the frame did not say (the last `from` seen, else the token's user). */
	#user: string;
	#idle: NodeJS.Timeout | undefined;

	/** `user`: the token's user id (JWT `sub`), or a default until the app's first `from`. */
	constructor(ws: WebSocket, v3: V3Hub, user: string) {
		this.#ws = ws;
		this.#v3 = v3;
		this.#user = user;
		ws.on('message', (data, isBinary) => this.#receive(data, isBinary));
		ws.on('close', (code) => {
			clearTimeout(this.#idle);
			v3.remove(this);
			v3.hub.log(`v3 connection closed (${code})`);
		});
		ws.on('error', (e) => v3.hub.log(`v3 socket error: ${e.message}`));
		this.#touch();
		v3.noteUser(user);
		v3.add(this);
	}

	send(frame: V3Frame, sent?: () => void): void {
		if (this.#ws.readyState !== WebSocket.OPEN) {
			sent?.();
			return;
		}
		const text = encodeV3Frame(frame, 'server_to_app');
		this.#v3.hub.options.record?.('out', text, 'v3');
		this.#ws.send(text, () => sent?.());
	}

	cut(): void {
		this.#v3.remove(this);
		this.#ws.terminate();
	}

	#touch(): void {
		clearTimeout(this.#idle);
		this.#idle = setTimeout(() => {
			this.#v3.hub.log(`v3: nothing received for ${this.#v3.idleMs} ms; connection cut`);
			this.cut();
		}, this.#v3.idleMs);
		this.#idle.unref();
	}

	#receive(data: RawData, isBinary: boolean): void {
		this.#touch();
		if (isBinary) {
			this.#refuse('unsupported', 'binary frames are not part of v3; upload media over HTTP', {});
			return;
		}
		const text = rawToBuffer(data).toString('utf8');
		this.#v3.hub.options.record?.('in', text, 'v3');
		try {
			this.#text(text);
		} catch (e) {
			// A bug in a handler must not take the gateway down.
			this.#v3.hub.log(`v3 internal error: ${e instanceof Error ? e.message : String(e)}`);
			this.#refuse('internal', 'internal error in the demo gateway', {});
		}
	}

	#text(text: string): void {
		const decoded = decodeV3AppFrame(text);
		if (!decoded.ok) {
			const { message, id, session, from } = decoded.error;
			this.#refuse('unsupported', message, { id, session, from });
			return;
		}
		const f = decoded.frame;
		if (f.type === 'ping') return this.send({ type: 'pong' });
		if (f.type === 'pong') return;
		this.#user = f.from;
		this.#v3.noteUser(f.from);
		if (f.type === 'error') {
			this.#v3.hub.log(`v3: the app reported ${f.data.code}: ${f.data.text ?? ''}`);
			return;
		}
		if (f.to !== V3_AGENT_ID) {
			// The gateway pairs the app with the agent only; any other addressee is never online.
			const why = `"${f.to}" is not online; messages go to "${V3_AGENT_ID}"`;
			this.#refuse('offline', why, f);
			return;
		}
		// The same per-sender budget as Iris `message.send` (checked before the resend filter, so
		// the same message sent again after the wait is not taken for a duplicate).
		const sends = this.#v3.hub.sends;
		const sender = `v3:${f.from}`;
		if (!sends.take(sender)) {
			const wait = sends.waitMs(sender);
			this.#refuse(
				'rate_limited',
				`too many messages; try again in ${Math.ceil(wait / 1000)} s`,
				f
			);
			return;
		}
		// Checked before the resend filter: the same message sent again once an agent is back is
		// a new attempt, not a duplicate.
		if (this.#v3.relaying && this.#v3.relay.connected === 0) {
			return this.#refuse('offline', 'no agent is connected to the gateway', f);
		}
		if (!this.#v3.firstSeen(f.id)) {
			this.#v3.hub.log(`v3: message ${f.id} was already received; resend ignored`);
			return;
		}
		if (f.type !== 'text') {
			const problem = mediaRefProblem(this.#v3.hub.media, f);
			if (problem) return this.#refuse(problem.code, problem.text, f);
		}
		if (!this.#v3.relaying) return handleV3Message(this.#v3, f);
		if (!this.#v3.relay.fromApp(f)) this.#refuse('offline', 'no agent is connected', f);
	}

	/** Log and answer a refused frame with an `error` (to this connection only). */
	#refuse(
		code: V3ErrorCode,
		text: string,
		about: { id?: string; session?: string; from?: string }
	): void {
		this.#v3.hub.log(`v3 frame refused (${code}): ${text}`);
		const to = about.from ?? this.#user;
		const session = about.session ?? V3_NO_SESSION;
		this.send(this.#v3.errorFrame(code, { to, session, replyTo: about.id, text }));
	}
}
