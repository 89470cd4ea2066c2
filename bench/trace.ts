/**
 * Chromium traces of a bench run (`BENCH_TRACE=<path prefix>`, bench/README.md): the categories
 * DevTools' Performance panel needs for the main thread's tasks and V8's CPU samples (of the page
 * and its workers). Tracing slows the page: the figures of a traced run are not comparable.
 */
export const TRACE_CATEGORIES = [
	'devtools.timeline',
	'disabled-by-default-devtools.timeline',
	'toplevel',
	'v8.execute',
	'disabled-by-default-v8.cpu_profiler'
];
