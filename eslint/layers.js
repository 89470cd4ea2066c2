/**
 * ESLint rule `layers/imports`: which folders may import which (doc/architecture.md "Layers").
 * The import is resolved to a file (relative paths, and SvelteKit's `$lib/`), the file to the
 * layer whose folder holds it (longest match), and the import is refused unless that layer is in
 * the importing layer's `may` list, or in its `types` list and the import is `import type`.
 * Packages a layer must not use are listed per layer in `packages` (prefixes). Static imports,
 * re-exports and dynamic `import()` are checked.
 */
import path from 'node:path';

/**
 * @typedef {{ may?: string[], types?: string[], packages?: string[], message?: string }} Layer
 * @typedef {{ root: string, layers: Record<string, Layer> }} Options
 */

/** The layer (a key of `layers`) that holds `file`, or undefined. */
function layerOf(file, options) {
	const rel = path.relative(options.root, file).split(path.sep).join('/');
	let best;
	for (const name of Object.keys(options.layers)) {
		if ((rel === name || rel.startsWith(`${name}/`)) && (!best || name.length > best.length)) {
			best = name;
		}
	}
	return best;
}

/** The file an import specifier names, or null for a package. */
function resolve(spec, from, root) {
	if (spec.startsWith('$lib/') || spec === '$lib') return path.join(root, 'src/lib', spec.slice(4));
	if (spec.startsWith('.')) return path.resolve(path.dirname(from), spec);
	return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const imports = {
	meta: {
		type: 'problem',
		docs: {
			description: 'Dependencies point one way: each folder imports only the layers below it'
		},
		schema: [{ type: 'object' }]
	},
	create(context) {
		/** @type {Options} */
		const options = context.options[0];
		const file = context.filename;
		const from = layerOf(file, options);
		if (!from) return {};
		const layer = options.layers[from];
		const check = (node, source, typeOnly) => {
			if (typeof source?.value !== 'string') return;
			const spec = source.value;
			const target = resolve(spec, file, options.root);
			if (target === null) {
				const banned = (layer.packages ?? []).find((p) => spec === p || spec.startsWith(p));
				if (banned) {
					context.report({
						node,
						message: `${from} must not use "${spec}". ${layer.message ?? ''}`.trim()
					});
				}
				return;
			}
			const to = layerOf(target, options);
			if (!to || to === from) return;
			if ((layer.may ?? []).includes(to)) return;
			if (typeOnly && (layer.types ?? []).includes(to)) return;
			const allowed = [...(layer.may ?? []), ...(layer.types ?? []).map((t) => `${t} (types)`)];
			context.report({
				node,
				message:
					`${from} may not import ${to} ("${spec}"); it may import: ${allowed.join(', ') || 'nothing'}. ` +
					(layer.message ?? '')
			});
		};
		const typeOnly = (node) =>
			node.importKind === 'type' ||
			node.exportKind === 'type' ||
			(node.specifiers?.length > 0 &&
				node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
		return {
			ImportDeclaration: (node) => check(node, node.source, typeOnly(node)),
			ExportNamedDeclaration: (node) => check(node, node.source, typeOnly(node)),
			ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
			ImportExpression: (node) => check(node, node.source, false)
		};
	}
};

export default { rules: { imports } };
