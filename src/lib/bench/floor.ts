/**
 * Benchmark builds only: baseline F of scenario S1 (bench/README.md "Baseline F"), what the
 * browser itself costs to show the stream. The page receives the same `stream` events from the
 * worker at the app's own pace; once per animation frame (as `LiveTexts` applies them) the new
 * characters are appended as plain text nodes, one block per line (as the markdown's paragraphs
 * are blocks: the browser lays out the last one again, not the whole answer), to a copy of the
 * streaming bubble placed in the
 * same message log, under the same CSS, and the log is scrolled to its end (one `scrollTop`
 * write). No markdown, no Svelte update, no list logic, no virtua work.
 */
import type { StreamDelta } from '../bridge/contract';
import type { MarkdownModule } from '../markdown/lazy';

/**
 * The markdown renderers F installs: they render nothing, so the app's own bubble stays empty
 * (its text is F's copy) and no markdown work is counted.
 */
export function emptyRenderers(m: MarkdownModule): MarkdownModule {
	class Empty extends m.IncrementalMarkdown {
		override get blocks(): readonly string[] {
			return [];
		}
		override get tail(): string {
			return '';
		}
		override get code(): null {
			return null;
		}
		override update(): void {}
		override finish(): void {}
	}
	return {
		...m,
		renderMarkdown: () => '',
		renderStreaming: () => '',
		warmUp: () => [() => {}, () => {}],
		IncrementalMarkdown: Empty
	};
}

/** The F bubble: the streaming answer's row, article and markdown root, copied without content. */
interface FloorBubble {
	scroller: HTMLElement;
	article: HTMLElement;
	text: HTMLElement;
	/** The block of the line being written. */
	line: HTMLElement;
}

/**
 * Build the F bubble beside virtua's rows (after its container, in the log's `.rows`: not inside
 * a virtua item, so no ResizeObserver of the list sees it grow). The article and the markdown root
 * are shallow copies of the app's streaming bubble (same classes, so the same scoped CSS), without
 * the attributes the bench and the app look for (`data-*`, `aria-busy`). Null until the app's
 * streaming bubble is in the DOM.
 */
function floorBubble(): FloorBubble | null {
	const scroller = document.querySelector<HTMLElement>('[role="log"]');
	const article = scroller?.querySelector<HTMLElement>(
		'article[data-role="assistant"][data-status="streaming"]'
	);
	const md = article?.querySelector<HTMLElement>('.md');
	const rows = scroller?.querySelector<HTMLElement>('.rows');
	if (!scroller || !article || !md || !rows) return null;
	// The row lays out its bubble as the list's rows do (their inline style, `ROW_STYLE` of
	// components/conversation/list-rows.ts), without virtua's absolute positioning.
	const item = article.parentElement;
	const row = document.createElement('div');
	for (const name of ['display', 'flex-direction', 'padding', 'box-sizing'])
		row.style.setProperty(name, item?.style.getPropertyValue(name) ?? '');
	const copy = document.createElement('article');
	copy.className = article.className;
	const text = document.createElement('div');
	text.className = md.className;
	// Not the streaming answer's paint layers (a layer per block, Markdown.svelte): they would make
	// each of F's line blocks a layer, which is no floor.
	text.classList.remove('streaming');
	// Spaces as sent; the lines are blocks of their own (`append`).
	text.style.whiteSpace = 'pre-wrap';
	const line = document.createElement('div');
	text.append(line);
	copy.append(text);
	row.append(copy);
	rows.append(row);
	// The log's own scroll handlers (virtua's, the end follower's) would react to F's scrolls: F
	// is the browser's cost alone, so its log's `scroll` events stop before reaching them.
	addEventListener(
		'scroll',
		(e) => {
			if (e.target === scroller) e.stopImmediatePropagation();
		},
		{ capture: true }
	);
	return { scroller, article: copy, text, line };
}

/**
 * Append `chars` to the bubble as plain text: up to the first line break in the current line's
 * block, then a block per line.
 */
function append(bubble: FloorBubble, chars: string): void {
	const [first = '', ...rest] = chars.split('\n');
	if (first) bubble.line.append(first);
	for (const part of rest) {
		bubble.line = document.createElement('div');
		if (part) bubble.line.append(part);
		bubble.text.append(bubble.line);
	}
}

/** What F reads of a stored row (a `MessageRow` of db/schema.ts, which this layer may not import). */
interface SettledRow {
	message_id: string;
	status: string;
	text: string;
}

/** What F puts in place of `LiveTexts.push` (for `stream` events) and beside `LiveTexts.settle`. */
export interface FloorStream {
	/** Buffer the changes; they are applied at the next animation frame. */
	push(updates: readonly StreamDelta[]): void;
	/**
	 * The views' stored rows: when the streamed answer's row is complete, its last characters (the
	 * ones no `stream` event carried) are appended and F's article is marked
	 * `data-role="assistant" data-status="complete"`, the end the bench waits for. (The app's own
	 * article may be gone by then: virtua, reading the log scrolled past its rows, unmounts them.)
	 */
	settle(rows: readonly SettledRow[]): void;
}

/**
 * F's streaming (each application counted in `stats.renders`, the bench's "renders" of F): changes
 * are applied once per animation frame, `append`s as text nodes (`append`),
 * a `replace` as the new text, then the log is scrolled to its end.
 */
export function floorStream(stats: { renders: number }): FloorStream {
	let bubble: FloorBubble | null = null;
	let streamed: string | undefined;
	let shown = 0;
	let pending = '';
	let replace: string | null = null;
	let scheduled = false;
	const apply = () => {
		scheduled = false;
		bubble ??= floorBubble();
		if (!bubble) {
			// The app's bubble is not rendered yet: keep the changes for the next frame.
			if (replace !== null || pending) schedule();
			return;
		}
		if (replace !== null) {
			bubble.line = document.createElement('div');
			bubble.text.replaceChildren(bubble.line);
			append(bubble, replace);
		}
		if (pending) append(bubble, pending);
		stats.renders += 1;
		shown = (replace?.length ?? shown) + pending.length;
		replace = null;
		pending = '';
		// Keep the end in view, as a chat does while the reader is there.
		bubble.scroller.scrollTop = bubble.scroller.scrollHeight;
	};
	const schedule = () => {
		if (scheduled) return;
		scheduled = true;
		requestAnimationFrame(apply);
	};
	return {
		push(updates) {
			for (const u of updates) {
				streamed = u.message_id;
				if (u.op === 'replace') {
					replace = u.text;
					pending = '';
				} else pending += u.text;
			}
			schedule();
		},
		settle(rows) {
			const row = rows.find((r) => r.message_id === streamed && r.status === 'complete');
			if (!row || !bubble || bubble.article.dataset.status) return;
			apply();
			const rest = row.text.slice(shown);
			if (rest) append(bubble, rest);
			bubble.scroller.scrollTop = bubble.scroller.scrollHeight;
			bubble.article.dataset.role = 'assistant';
			bubble.article.dataset.status = 'complete';
		}
	};
}
