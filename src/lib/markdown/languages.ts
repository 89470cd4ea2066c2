/**
 * The languages code blocks know (doc/rendering.md "Syntax highlighting"): which highlight.js
 * grammar an info string means, and the name a block's label shows. No imports: the page reads
 * labels without loading the highlighter.
 */

/** Grammar names (highlight.js modules) the highlighter loads. */
export const GRAMMAR_NAMES: ReadonlySet<string> = new Set([
	'bash',
	'c',
	'cpp',
	'csharp',
	'css',
	'diff',
	'dockerfile',
	'go',
	'ini',
	'java',
	'javascript',
	'json',
	'kotlin',
	'lua',
	'makefile',
	'markdown',
	'php',
	'powershell',
	'python',
	'r',
	'ruby',
	'rust',
	'shell',
	'sql',
	'swift',
	'typescript',
	'xml',
	'yaml'
]);

/** Grammars a grammar embeds (highlighted only if registered too). */
export const EMBEDS: Record<string, string[]> = {
	xml: ['javascript', 'css'],
	markdown: ['xml'],
	php: ['xml'],
	shell: ['bash']
};

/** Info strings people write → grammar. A name of `GRAMMARS` maps to itself. */
const ALIASES: Record<string, string> = {
	sh: 'bash',
	zsh: 'bash',
	ksh: 'bash',
	console: 'shell',
	'shell-session': 'shell',
	py: 'python',
	python3: 'python',
	js: 'javascript',
	jsx: 'javascript',
	mjs: 'javascript',
	cjs: 'javascript',
	node: 'javascript',
	ts: 'typescript',
	tsx: 'typescript',
	mts: 'typescript',
	jsonc: 'json',
	json5: 'json',
	yml: 'yaml',
	toml: 'ini',
	cfg: 'ini',
	conf: 'ini',
	patch: 'diff',
	golang: 'go',
	rs: 'rust',
	h: 'c',
	'c++': 'cpp',
	cc: 'cpp',
	cxx: 'cpp',
	hpp: 'cpp',
	kt: 'kotlin',
	kts: 'kotlin',
	rb: 'ruby',
	html: 'xml',
	htm: 'xml',
	xhtml: 'xml',
	svg: 'xml',
	vue: 'xml',
	md: 'markdown',
	docker: 'dockerfile',
	cs: 'csharp',
	'c#': 'csharp',
	ps1: 'powershell',
	ps: 'powershell',
	pwsh: 'powershell',
	make: 'makefile',
	mk: 'makefile'
};

/** The display name of a grammar, for the code block's label. */
const LABELS: Record<string, string> = {
	bash: 'Bash',
	c: 'C',
	cpp: 'C++',
	csharp: 'C#',
	css: 'CSS',
	diff: 'Diff',
	dockerfile: 'Dockerfile',
	go: 'Go',
	ini: 'INI',
	java: 'Java',
	javascript: 'JavaScript',
	json: 'JSON',
	kotlin: 'Kotlin',
	lua: 'Lua',
	makefile: 'Makefile',
	markdown: 'Markdown',
	php: 'PHP',
	powershell: 'PowerShell',
	python: 'Python',
	r: 'R',
	ruby: 'Ruby',
	rust: 'Rust',
	shell: 'Shell',
	sql: 'SQL',
	swift: 'Swift',
	typescript: 'TypeScript',
	xml: 'HTML',
	yaml: 'YAML'
};

/** The grammar for a fence's info string (its first word), or undefined when there is none. */
export function grammarFor(lang: string): string | undefined {
	const name = lang.toLowerCase();
	const grammar = ALIASES[name] ?? name;
	return GRAMMAR_NAMES.has(grammar) ? grammar : undefined;
}

/** The label a code block shows: the language's name, or the info string as typed. */
export function languageLabel(lang: string): string {
	const own = OWN_LABELS[lang.toLowerCase()];
	if (own) return own;
	const grammar = grammarFor(lang);
	return grammar ? LABELS[grammar]! : lang;
}

/** Aliases whose grammar is shared but whose name is not the grammar's. */
const OWN_LABELS: Record<string, string> = { toml: 'TOML', xml: 'XML', svg: 'SVG', sh: 'Shell' };
