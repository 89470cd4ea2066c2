/**
 * The replay log in SQLite (tables `events`, `devices`, `streams`), with the rules of
 * ../replay.ts. Each `append` is a handful of statements; the caller's transaction (or its own)
 * commits them before any socket sees the frame.
 */
import type Database from 'better-sqlite3';
import type { ServerFrame } from '../../../src/lib/protocol/iris';
import { coalesceKey, lowestNeeded, streamChange, supersededKey } from '../replay';
import type { OpenStream, ReplayLog } from '../types';

export class SqliteReplayLog implements ReplayLog {
	readonly #db: Database.Database;
	#latest: number;
	readonly #insert: Database.Statement;
	readonly #supersede: Database.Statement;
	readonly #since: Database.Statement;
	readonly #size: Database.Statement;
	readonly #openStream: Database.Statement;
	readonly #getStream: Database.Statement;
	readonly #closeStream: Database.Statement;
	readonly #streams: Database.Statement;
	readonly #device: Database.Statement;
	readonly #touch: Database.Statement;
	readonly #ack: Database.Statement;
	readonly #devices: Database.Statement;
	readonly #prune: Database.Statement;
	readonly #sequence: Database.Statement;

	readonly #atomically: <T>(fn: () => T) => T;

	/** `atomically`: the store's transaction (joins the caller's, if any). */
	constructor(db: Database.Database, atomically: <T>(fn: () => T) => T) {
		this.#db = db;
		this.#atomically = atomically;
		this.#sequence = db.prepare(`SELECT seq FROM sqlite_sequence WHERE name = 'events'`);
		this.#latest = this.#committedLatest();
		this.#insert = db.prepare('INSERT INTO events (at, coalesce_key, frame) VALUES (?, ?, ?)');
		this.#supersede = db.prepare('DELETE FROM events WHERE coalesce_key = ?');
		this.#since = db.prepare('SELECT frame FROM events WHERE position > ? ORDER BY position');
		this.#size = db.prepare('SELECT count(*) AS n FROM events');
		this.#openStream = db.prepare(
			'INSERT OR REPLACE INTO streams (message_id, stream) VALUES (?, ?)'
		);
		this.#getStream = db.prepare('SELECT stream FROM streams WHERE message_id = ?');
		this.#closeStream = db.prepare('DELETE FROM streams WHERE message_id = ?');
		this.#streams = db.prepare('SELECT stream FROM streams ORDER BY rowid');
		this.#device = db.prepare(
			'INSERT OR IGNORE INTO devices (device_id, acked, last_seen) VALUES (?, ?, ?)'
		);
		this.#touch = db.prepare('UPDATE devices SET last_seen = ? WHERE device_id = ?');
		this.#ack = db.prepare(
			'INSERT OR REPLACE INTO devices (device_id, acked, last_seen) VALUES (?, ?, ?)'
		);
		this.#devices = db.prepare('SELECT acked, last_seen AS lastSeen FROM devices');
		this.#prune = db.prepare('DELETE FROM events WHERE position <= ? OR at < ?');
	}

	#committedLatest(): number {
		return (this.#sequence.get() as { seq: number } | undefined)?.seq ?? 0;
	}

	/** After a rolled-back transaction: `latest` as the database has it. */
	resync(): void {
		this.#latest = this.#committedLatest();
	}

	get latest(): number {
		return this.#latest;
	}

	get size(): number {
		return (this.#size.get() as { n: number }).n;
	}

	append(frame: ServerFrame): number {
		return this.#atomically(() => {
			const superseded = supersededKey(frame);
			if (superseded !== undefined) this.#supersede.run(superseded);
			const { lastInsertRowid } = this.#insert.run(
				Date.now(),
				coalesceKey(frame) ?? null,
				JSON.stringify(frame)
			);
			this.#track(frame);
			// Only once the statements ran: a failed append leaves `latest` where it was.
			this.#latest = Number(lastInsertRowid);
			return this.#latest;
		});
	}

	restore(entries: readonly { position: number; frame: ServerFrame }[], latest: number): void {
		const insert = this.#db.prepare(
			'INSERT INTO events (position, at, coalesce_key, frame) VALUES (?, ?, ?, ?)'
		);
		this.#atomically(() => {
			for (const { position, frame } of entries) {
				insert.run(position, Date.now(), coalesceKey(frame) ?? null, JSON.stringify(frame));
				this.#track(frame);
			}
			const seq = Math.max(latest, entries.at(-1)?.position ?? 0);
			const moved = this.#db
				.prepare(`UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'events'`)
				.run(seq);
			if (moved.changes === 0) {
				this.#db.prepare(`INSERT INTO sqlite_sequence (name, seq) VALUES ('events', ?)`).run(seq);
			}
		});
		this.resync();
	}

	#track(frame: ServerFrame): void {
		const change = streamChange(frame);
		if (change?.kind === 'open') {
			this.#openStream.run(change.stream.message_id, JSON.stringify(change.stream));
		} else if (change?.kind === 'close') {
			this.#closeStream.run(change.message_id);
		} else if (change?.kind === 'update') {
			const row = this.#getStream.get(change.message_id) as { stream: string } | undefined;
			if (!row) return;
			const open = JSON.parse(row.stream) as OpenStream;
			open.text = change.text;
			if (change.reasoning !== undefined) open.reasoning = change.reasoning;
			this.#openStream.run(change.message_id, JSON.stringify(open));
		}
	}

	since(cursor: number): ServerFrame[] {
		const from = cursor > this.#latest ? 0 : cursor;
		return (this.#since.all(from) as { frame: string }[]).map(
			(r) => JSON.parse(r.frame) as ServerFrame
		);
	}

	openStreams(): OpenStream[] {
		return (this.#streams.all() as { stream: string }[]).map(
			(r) => JSON.parse(r.stream) as OpenStream
		);
	}

	seen(deviceId: string, now: number): void {
		this.#atomically(() => {
			if (this.#device.run(deviceId, this.#latest, now).changes === 0) {
				this.#touch.run(now, deviceId);
			}
		});
	}

	acknowledge(deviceId: string, cursor: number, now: number): void {
		this.#ack.run(deviceId, Math.min(cursor, this.#latest), now);
	}

	prune(now: number, retentionMs: number): number {
		const since = now - retentionMs;
		const devices = this.#devices.all() as { acked: number; lastSeen: number }[];
		return this.#prune.run(lowestNeeded(devices, since, this.#latest), since).changes;
	}
}
