/**
 * Moving between messages with the keyboard, in a virtualized log (WAI-ARIA feed pattern, adapted
 * to a `log`): Enter on the log goes to the last message in view, End to the end of the log (and
 * keeps it there, as "Jump to latest" does), Tab to the first control in view (in the message
 * clicked last, if it is in view); on a message ↑/↓ go to the previous/next one, Home/End to the
 * first/last loaded, Enter into its actions; Escape inside a message goes back to the message. A
 * message not rendered yet is scrolled to first.
 */

/** Where the focus is when the key is pressed: the log itself, a message, or inside one. */
export type LogFocus = 'log' | 'message' | 'inside';

/** What a key asks for: a message to go to, the message's actions, or the message itself. */
export type MessageMove =
	'visible' | 'end' | 'into' | 'previous' | 'next' | 'first' | 'last' | 'actions' | 'message';

/** The fields of a `KeyboardEvent` that decide. */
export type MessageKeyEvent = Pick<
	KeyboardEvent,
	'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'isComposing'
>;

/** The move a key press asks for where the focus is; null: not ours (leave it alone). */
export function messageMove(event: MessageKeyEvent, focus: LogFocus): MessageMove | null {
	const { key, altKey, ctrlKey, metaKey, shiftKey, isComposing } = event;
	if (isComposing || altKey || ctrlKey || metaKey || shiftKey) return null;
	if (focus === 'log') {
		const moves: Record<string, MessageMove> = { Enter: 'visible', End: 'end', Tab: 'into' };
		return moves[key] ?? null;
	}
	if (focus === 'inside') return key === 'Escape' ? 'message' : null;
	const moves: Record<string, MessageMove> = {
		ArrowUp: 'previous',
		ArrowDown: 'next',
		Home: 'first',
		End: 'last',
		Enter: 'actions'
	};
	return moves[key] ?? null;
}

/** What the handler needs from the list. */
export interface MessageKeysList {
	/** The log's scrolling element (focusable), which holds the rendered articles. */
	scroller: HTMLElement;
	/** The loaded messages' ids, oldest first. */
	ids(): readonly string[];
	/** Scroll so that the message at `index` is rendered. */
	scrollTo(index: number): void;
	/**
	 * Go to the end of the log and stay there while rows below are measured. (The browser's own
	 * End aims at the end it knows when pressed: rows rendered and measured on the way there can
	 * grow the log and leave the reader short of it.)
	 */
	toEnd(): void;
}

/**
 * The most frames to wait for a scrolled-to row to render. Not a deadline: the wait normally ends
 * when the row renders, a newer key press takes over, or the message leaves the list. The list may
 * take many rounds of measuring before a far row is in the DOM, more on a loaded machine (60 frames
 * were not always enough for Home), so this only stops a wait that can never end.
 */
const RENDER_FRAMES_CAP = 3_000;

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

function articleOf(scroller: HTMLElement, id: string): HTMLElement | null {
	return scroller.querySelector<HTMLElement>(`article[data-message-id="${CSS.escape(id)}"]`);
}

/** The lowest article at least partly in view, if any. */
function lastInView(scroller: HTMLElement): HTMLElement | undefined {
	const view = scroller.getBoundingClientRect();
	return [...scroller.querySelectorAll<HTMLElement>('article[data-message-id]')]
		.filter((a) => {
			const box = a.getBoundingClientRect();
			return box.bottom > view.top && box.top < view.bottom;
		})
		.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
		.at(-1);
}

const CONTROLS =
	'a[href], button:not([disabled]), summary, input:not([disabled]), select, textarea, [tabindex]';

/**
 * Whether `el` is rendered and visible. Rows the list has not measured yet are laid out but
 * `visibility: hidden`, and the browser does not focus what they hold.
 */
function shown(el: HTMLElement): boolean {
	return el.checkVisibility?.({ visibilityProperty: true }) ?? true;
}

/** Whether `el` can take the focus: in the Tab order, rendered and visible, not inert. */
function focusable(el: HTMLElement): boolean {
	return el.tabIndex >= 0 && shown(el) && !el.closest('[inert]');
}

/**
 * The first control in the log (or in `within`, a message of it) that can take the focus and is
 * wholly in the log's view, else partly, if any. The list renders rows above and below the view
 * too: the browser's own Tab from the log would go to the first of those, out of view, and scroll
 * the log away from what the reader was reading.
 */
function firstControlInView(
	scroller: HTMLElement,
	within: HTMLElement = scroller
): HTMLElement | undefined {
	const view = scroller.getBoundingClientRect();
	const candidates = [...within.querySelectorAll<HTMLElement>(CONTROLS)].flatMap((el) => {
		const box = el.getBoundingClientRect();
		const partly = box.height > 0 && box.bottom > view.top && box.top < view.bottom;
		return el !== scroller && partly && focusable(el) ? [{ el, box }] : [];
	});
	const whole = candidates.find(({ box }) => box.top >= view.top && box.bottom <= view.bottom);
	return (whole ?? candidates[0])?.el;
}

/**
 * The message the reader last clicked in the log, if any: a click on a message's text puts the
 * page's selection there (collapsed) and leaves the focus on the log. From there the browser's
 * own Tab would go on from the click.
 */
function clickedArticle(scroller: HTMLElement): HTMLElement | null {
	const node = document.getSelection()?.anchorNode;
	const el = node instanceof Element ? node : (node?.parentElement ?? null);
	const article = el?.closest<HTMLElement>('article[data-message-id]') ?? null;
	return article && scroller.contains(article) ? article : null;
}

/** The first control after the log in the page (the composer's field, usually), if any. */
function firstControlAfter(scroller: HTMLElement): HTMLElement | undefined {
	return [...document.querySelectorAll<HTMLElement>(CONTROLS)].find(
		(el) =>
			!scroller.contains(el) &&
			scroller.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING &&
			focusable(el)
	);
}

function focusArticle(article: HTMLElement): void {
	// The caret an earlier click left in a message would send a later Tab from the log back to
	// that message (`clickedArticle`); a selection the reader made is kept.
	const selection = document.getSelection();
	if (selection?.isCollapsed && selection.rangeCount > 0) selection.removeAllRanges();
	// Focusable by script only: the log stays one Tab stop.
	article.tabIndex = -1;
	article.focus({ preventScroll: true });
	article.scrollIntoView({ block: 'nearest' });
}

/**
 * Whether the focus went elsewhere than the log (the composer, the header): the reader has moved
 * on. The page itself holds it while the message left behind was unmounted by the scroll.
 */
function focusLeft(scroller: HTMLElement): boolean {
	const focused = document.activeElement;
	return focused !== null && focused !== document.body && !scroller.contains(focused);
}

/**
 * Scroll to the message `id` until its row renders and shows, then focus it. `current()` is false
 * once a newer key press, a scroll or a press on the log has taken over; the wait also ends when
 * the focus leaves the log, the message leaves the list (another channel, a deletion), or the log
 * leaves the page or is hidden (no row in it would ever show).
 */
async function goTo(list: MessageKeysList, id: string, current: () => boolean): Promise<void> {
	for (let tries = 0; tries < RENDER_FRAMES_CAP; tries += 1) {
		const { scroller } = list;
		if (!current() || !scroller.isConnected || !shown(scroller) || focusLeft(scroller)) return;
		const article = articleOf(scroller, id);
		// A row rendered but not measured yet would not take the focus: wait until it shows.
		if (article && shown(article)) return focusArticle(article);
		const index = list.ids().indexOf(id);
		if (index < 0) return;
		list.scrollTo(index);
		await frame();
	}
}

/** The log's keydown handler for moving between messages (see the module comment). */
export function messageKeys(list: MessageKeysList): (event: KeyboardEvent) => void {
	// Each key press we act on starts a new move; a wait for an earlier one's row then stops, as
	// it does when the reader scrolls or points elsewhere (the wait would pull the log back).
	let moves = 0;
	let listening = false;
	const cancel = () => (moves += 1);
	return (event) => {
		if (!listening) {
			listening = true;
			for (const type of ['wheel', 'pointerdown', 'touchstart'])
				list.scroller.addEventListener(type, cancel, { passive: true });
		}
		const target = event.target as HTMLElement;
		// A dialog opened from a message (image viewer) has its own keys, Escape first of all.
		if (event.defaultPrevented || target.closest('dialog')) return;
		const article = target.closest<HTMLElement>('article[data-message-id]');
		const focus: LogFocus =
			target === list.scroller
				? 'log'
				: target === article
					? 'message'
					: article
						? 'inside'
						: 'log';
		if (focus === 'log' && target !== list.scroller) return;
		const move = messageMove(event, focus);
		if (!move) return;
		if (move === 'into') {
			// The clicked message's first control, else the first in view; none in view (an empty
			// log, the middle of one long answer): on past the log.
			const scroller = list.scroller;
			const clicked = clickedArticle(scroller);
			const control =
				(clicked && firstControlInView(scroller, clicked)) ??
				firstControlInView(scroller) ??
				firstControlAfter(scroller);
			control?.focus();
			// Only a focus that took is ours; else the browser's own Tab goes ahead.
			if (!control || document.activeElement !== control) return;
			event.preventDefault();
			moves += 1;
			return;
		}
		event.preventDefault();
		const thisMove = (moves += 1);
		if (move === 'end') return list.toEnd();
		if (move === 'visible') {
			const seen = lastInView(list.scroller);
			if (seen) focusArticle(seen);
			return;
		}
		if (!article) return;
		if (move === 'message') return focusArticle(article);
		if (move === 'actions') {
			const actions =
				article.querySelector<HTMLElement>('footer [role="group"] button') ??
				article.querySelector<HTMLElement>('button, a[href], summary');
			actions?.focus();
			return;
		}
		const ids = list.ids();
		const at = ids.indexOf(article.dataset.messageId ?? '');
		const index = { previous: at - 1, next: at + 1, first: 0, last: ids.length - 1 }[move];
		const id = ids[index];
		if (at >= 0 && id !== undefined && index !== at) void goTo(list, id, () => moves === thisMove);
	};
}
