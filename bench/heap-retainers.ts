/**
 * Who keeps DOM nodes alive: reads a V8 heap snapshot (e.g. one written by the long-session bench
 * with `BENCH_SESSION_SNAPSHOTS=<dir>`, bench/README.md "Long-session memory") and prints the
 * most common shortest retaining paths, from the GC roots, of the nodes named `name` that no
 * document holds (`detachedness` ≠ attached; name `*`: every node the snapshot calls detached), as
 * DevTools' Memory panel shows one node at a time.
 * With `SINCE=<older.heapsnapshot>` of the same page, it looks at the objects that are new since
 * that snapshot instead (node ids are kept across a page's snapshots), attached or not, `*` for
 * all of them, and also prints how many of each name are new.
 *
 *   [SINCE=<older.heapsnapshot>] npx tsx bench/heap-retainers.ts <file.heapsnapshot> [name=Text]
 *     [paths=8] [depth=14]
 */
import { readFileSync } from 'node:fs';
import { heapKey } from './session-memory';

interface Snapshot {
	snapshot: {
		meta: {
			node_fields: string[];
			node_types: [string[], ...unknown[]];
			edge_fields: string[];
			edge_types: [string[], ...unknown[]];
		};
	};
	nodes: number[];
	edges: number[];
	strings: string[];
}

const [file, name = 'Text', pathsArg = '8', depthArg = '14'] = process.argv.slice(2);
if (!file) {
	console.error(
		'usage: npx tsx bench/heap-retainers.ts <file.heapsnapshot> [name] [paths] [depth]'
	);
	process.exit(2);
}
const raw = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
/** Ids of the older snapshot's nodes (`SINCE`), or undefined. */
const olderIds = process.env.SINCE ? nodeIds(process.env.SINCE) : undefined;

function nodeIds(path: string): Set<number> {
	const older = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
	const width = older.snapshot.meta.node_fields.length;
	const idAt = older.snapshot.meta.node_fields.indexOf('id');
	const ids = new Set<number>();
	for (let i = idAt; i < older.nodes.length; i += width) ids.add(older.nodes[i]!);
	return ids;
}
const { meta } = raw.snapshot;
const nodeWidth = meta.node_fields.length;
const edgeWidth = meta.edge_fields.length;
const nodeCount = raw.nodes.length / nodeWidth;
const at = (field: string) => meta.node_fields.indexOf(field);
const [typeAt, nameAt, idAt, countAt, detachedAt] = [
	at('type'),
	at('name'),
	at('id'),
	at('edge_count'),
	at('detachedness')
];
const edgeTypes = meta.edge_types[0];
const [eTypeAt, eNameAt, eToAt] = ['type', 'name_or_index', 'to_node'].map((f) =>
	meta.edge_fields.indexOf(f)
) as [number, number, number];

/** First edge of each node (edges are stored in node order). */
const firstEdge = new Uint32Array(nodeCount + 1);
for (let n = 0; n < nodeCount; n++) {
	firstEdge[n + 1] = firstEdge[n]! + raw.nodes[n * nodeWidth + countAt]! * edgeWidth;
}
const nodeName = (n: number) => raw.strings[raw.nodes[n * nodeWidth + nameAt]!] ?? '';
const nodeType = (n: number) => meta.node_types[0][raw.nodes[n * nodeWidth + typeAt]!] ?? '';

/** Breadth-first from the synthetic root (node 0) over strong edges: each node's parent edge. */
const parent = new Int32Array(nodeCount).fill(-1);
const parentEdge = new Int32Array(nodeCount).fill(-1);
parent[0] = 0;
const queue = new Uint32Array(nodeCount);
let head = 0;
let tail = 1;
while (head < tail) {
	const n = queue[head++]!;
	for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += edgeWidth) {
		const kind = edgeTypes[raw.edges[e + eTypeAt]!];
		if (kind === 'weak' || kind === 'shortcut') continue;
		const to = raw.edges[e + eToAt]! / nodeWidth;
		if (parent[to] !== -1) continue;
		parent[to] = n;
		parentEdge[to] = e;
		queue[tail++] = to;
	}
}

function edgeLabel(e: number): string {
	const kind = edgeTypes[raw.edges[e + eTypeAt]!];
	const v = raw.edges[e + eNameAt]!;
	return kind === 'element' || kind === 'hidden' ? `[${v}]` : (raw.strings[v] ?? '?');
}

const depth = Number(depthArg);
const tally = new Map<string, number>();
const newByName = new Map<string, number>();
let matched = 0;
let unreachable = 0;
for (let n = 0; n < nodeCount; n++) {
	if (olderIds) {
		if (olderIds.has(raw.nodes[n * nodeWidth + idAt]!)) continue;
		const key = heapKey(nodeType(n), nodeName(n));
		if (name !== '*' && key !== name) continue;
		newByName.set(key, (newByName.get(key) ?? 0) + 1);
	} else {
		const detachedness = detachedAt >= 0 ? raw.nodes[n * nodeWidth + detachedAt] : 0;
		if (name === '*' ? detachedness !== 2 : nodeName(n) !== name || detachedness === 1) continue;
	}
	matched += 1;
	if (parent[n] === -1) {
		unreachable += 1;
		continue;
	}
	const steps: string[] = [];
	for (let m = n, i = 0; m !== 0 && i < depth; m = parent[m]!, i++) {
		steps.push(
			`${nodeType(parent[m]!) === 'synthetic' ? '' : nodeName(parent[m]!)}.${edgeLabel(parentEdge[m]!)}`
		);
	}
	const key = steps.join(' ← ');
	tally.set(key, (tally.get(key) ?? 0) + 1);
}
const which = olderIds ? 'new since the older snapshot' : 'not attached';
console.log(`${matched} nodes named ${name} ${which} (${unreachable} only weakly reachable)`);
for (const [key, count] of [...newByName].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
	console.log(`  new: ${key} ${count}`);
}
for (const [key, count] of [...tally].sort((a, b) => b[1] - a[1]).slice(0, Number(pathsArg))) {
	console.log(`\n${count}×  ${name} ← ${key}`);
}
