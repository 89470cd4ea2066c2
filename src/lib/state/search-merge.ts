/**
 * Pure helpers of the search dialog: merging gateway hits into local ones, grouping by channel,
 * and turning the dialog's filters into a local query and a `search` request.
 */
import type { SearchHit } from '../bridge/features';
import type { LocalSearchInput } from '../bridge/search';

/** A hit as shown: `server` when only the gateway has the message (not stored here). */
export interface ResultHit extends SearchHit {
	source: 'local' | 'server';
}

/** The dialog's filters. `from`/`to` are `YYYY-MM-DD` dates (local time) or empty. */
export interface SearchFilterValues {
	/** `all`, `chat` (the open channel) or `in:<chat_id>`. */
	where: string;
	/** A role, or empty for any. */
	role: string;
	from: string;
	to: string;
}

/** A local query and the matching `search` request (`chat_id` set for scope `chat`). */
export interface SearchPlan {
	local: LocalSearchInput;
	server: { query: string; scope: 'all' | 'chat'; chat_id?: string };
}

/** Epoch ms of the start (`end` false) or the last ms (`end` true) of a local `YYYY-MM-DD` day. */
export function dayBound(date: string, end: boolean): number | undefined {
	const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
	if (!m) return undefined;
	const day = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
	return end ? day.getTime() + 86_400_000 - 1 : day.getTime();
}

/** Plan a query; `current` is the open channel (for `where: 'chat'`). */
export function planSearch(
	query: string,
	f: SearchFilterValues,
	current: string | undefined
): SearchPlan {
	const local: LocalSearchInput = { query };
	const server: SearchPlan['server'] = { query: query.trim(), scope: 'all' };
	const chat = f.where === 'chat' ? current : f.where.startsWith('in:') ? f.where.slice(3) : null;
	if (chat) {
		local.chat_ids = [chat];
		server.scope = 'chat';
		server.chat_id = chat;
	}
	if (f.role) local.roles = [f.role];
	const from = dayBound(f.from, false);
	const to = dayBound(f.to, true);
	if (from !== undefined) local.from = from;
	if (to !== undefined) local.to = to;
	return { local, server };
}

/** Whether a gateway hit passes the filters the gateway does not know (role, dates). */
export function passes(hit: SearchHit, local: LocalSearchInput): boolean {
	if (local.roles && hit.role !== undefined && !local.roles.includes(hit.role)) return false;
	if (hit.ts !== undefined) {
		if (local.from !== undefined && hit.ts < local.from) return false;
		if (local.to !== undefined && hit.ts > local.to) return false;
	}
	return true;
}

/**
 * Local hits, then the gateway's hits not among them, newest first overall. A gateway hit is
 * marked `server` when its message is not stored here (`stored` has the ids that are).
 */
export function mergeHits(
	local: readonly SearchHit[],
	server: readonly SearchHit[],
	stored: ReadonlySet<string>
): ResultHit[] {
	const seen = new Set(local.map((h) => h.message_id));
	const out: ResultHit[] = local.map((h) => ({ ...h, source: 'local' }));
	for (const h of server) {
		if (seen.has(h.message_id)) continue;
		seen.add(h.message_id);
		out.push({ ...h, source: stored.has(h.message_id) ? 'local' : 'server' });
	}
	return out.sort((a, b) => (b.ts ?? 0) - (a.ts ?? 0));
}

/** Hits grouped by channel, groups in order of their newest hit. */
export function groupByChannel(hits: readonly ResultHit[]): [string, ResultHit[]][] {
	const groups = new Map<string, ResultHit[]>();
	for (const h of hits) {
		let g = groups.get(h.chat_id);
		if (!g) groups.set(h.chat_id, (g = []));
		g.push(h);
	}
	return [...groups];
}
