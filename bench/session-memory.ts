/**
 * Memory probes of the long-session bench (bench/session-memory.bench.ts), over the Chrome
 * DevTools Protocol: a heap snapshot summarised by constructor (to find what grows and who keeps
 * it) and its detached DOM nodes, and the renderer's DOM counters.
 */
import { writeFileSync } from 'node:fs';
import type { CDPSession } from '@playwright/test';

/** What one heap snapshot holds, summarised. */
export interface HeapSummary {
	/**
	 * DOM nodes no document holds any more: the snapshot's `detachedness` field says 2 (what
	 * DevTools shows as `Detached …`), or, in older snapshots, the name starts with `Detached `.
	 */
	detached: number;
	/** Self size (bytes) and count of every node name (constructor for objects), all of them. */
	byName: Map<string, { count: number; size: number }>;
}

/** The V8 heap snapshot format's parts this reads (`snapshot.meta`, `nodes`, `strings`). */
interface RawSnapshot {
	snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
	nodes: number[];
	strings: string[];
}

/** How a snapshot node is grouped: objects by constructor, the rest by type (`(string)`…). */
export function heapKey(type: string, name: string): string {
	return type === 'object' || type === 'native' ? name : `(${type})`;
}

/** Summarise a heap snapshot given as its JSON text. */
export function summariseSnapshot(json: string): HeapSummary {
	const raw = JSON.parse(json) as RawSnapshot;
	const fields = raw.snapshot.meta.node_fields;
	const width = fields.length;
	const nameAt = fields.indexOf('name');
	const typeAt = fields.indexOf('type');
	const sizeAt = fields.indexOf('self_size');
	const detachedAt = fields.indexOf('detachedness');
	const types = raw.snapshot.meta.node_types[0];
	const byName = new Map<string, { count: number; size: number }>();
	let detached = 0;
	for (let i = 0; i < raw.nodes.length; i += width) {
		const name = raw.strings[raw.nodes[i + nameAt]!] ?? '';
		const type = types[raw.nodes[i + typeAt]!] ?? '';
		const isDetached = detachedAt >= 0 && raw.nodes[i + detachedAt] === 2;
		if (isDetached || name.startsWith('Detached ')) detached += 1;
		const key = heapKey(type, name);
		const entry = byName.get(key) ?? { count: 0, size: 0 };
		entry.count += 1;
		entry.size += raw.nodes[i + sizeAt]!;
		byName.set(key, entry);
	}
	return { detached, byName };
}

/**
 * Take a heap snapshot of the page behind `cdp` (forces a GC first) and summarise it; with
 * `saveTo`, the snapshot is also written there (DevTools' Memory panel and
 * bench/heap-retainers.ts read it).
 */
export async function heapSnapshot(cdp: CDPSession, saveTo?: string): Promise<HeapSummary> {
	const chunks: string[] = [];
	const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
	cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
	try {
		await cdp.send('HeapProfiler.enable');
		await cdp.send('HeapProfiler.collectGarbage');
		await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
	} finally {
		cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
	}
	const json = chunks.join('');
	if (saveTo) writeFileSync(saveTo, json);
	return summariseSnapshot(json);
}

/** Bytes of V8's compiled code (the snapshot's `(code)` nodes) that `b` has more than `a`. */
export function codeGrowth(a: HeapSummary, b: HeapSummary): number {
	return (b.byName.get('(code)')?.size ?? 0) - (a.byName.get('(code)')?.size ?? 0);
}

/** The `limit` names whose self size grew most from `a` to `b`, largest first. */
export function snapshotGrowth(
	a: HeapSummary,
	b: HeapSummary,
	limit = 15
): { name: string; count: number; bytes: number }[] {
	const rows: { name: string; count: number; bytes: number }[] = [];
	for (const [name, after] of b.byName) {
		const before = a.byName.get(name) ?? { count: 0, size: 0 };
		rows.push({ name, count: after.count - before.count, bytes: after.size - before.size });
	}
	return rows.sort((x, y) => y.bytes - x.bytes).slice(0, limit);
}

/** The renderer's DOM counters (CDP `Memory.getDOMCounters`). */
export interface DomCounters {
	documents: number;
	nodes: number;
	jsEventListeners: number;
}

/** Read `DomCounters` (after a GC, so collectable nodes are not counted). */
export async function domCounters(cdp: CDPSession): Promise<DomCounters> {
	await cdp.send('HeapProfiler.collectGarbage');
	return (await cdp.send('Memory.getDOMCounters')) as DomCounters;
}
