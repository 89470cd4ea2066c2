/**
 * Two hidden sample messages (a question and a markdown answer), laid out once while the page is
 * idle and then removed. Without it, the first answer a page shows pays for its firsts in the
 * frame that shows it: V8 compiling the bubble's code, and the browser's first look-up of each
 * font the answer uses (code, bold, italic; Chromium on Linux asks fontconfig, tens of ms). Most
 * of the one long frame (55–130 ms) of a reconnect's catch-up into an empty channel was these
 * (bench/README.md "Reconnect catch-up"). `markdown/warm-up.ts` warms the renderer's code alone,
 * earlier.
 *
 * The host is `visibility: hidden` (laid out, so its text is shaped; never painted, focusable or
 * in the accessibility tree) and `inert`.
 */
import { mount, unmount } from 'svelte';
import { WARM_UP_CODE, WARM_UP_LANGUAGE, WARM_UP_SAMPLE } from '$lib/markdown/warm-up';
import { loadHighlighter } from '$lib/markdown/highlight';
import { afterPaint } from '$lib/platform/after-paint';
import { whenIdle } from '$lib/platform/idle';
import { MessageView, type MessageViewContext } from '$lib/state/message-view';
import type { MessageRow } from '$lib/db/schema';
import MessageBubble from './MessageBubble.svelte';

/** Marks the samples' host while it is in the document (tests look for it). */
export const WARM_UP_ATTRIBUTE = 'data-layout-warm-up';

/** Nothing streaming, no tool cards, nothing queued. */
const STILL: MessageViewContext = {
	live: { text: () => undefined, reasoning: () => undefined },
	turn: { parts: () => [], settledPickers: () => [] },
	queued: { has: () => false }
};

function sample(role: MessageRow['role'], text: string): MessageView {
	const row: MessageRow = {
		message_id: `layout-warm-up-${role}`,
		chat_id: 'layout-warm-up',
		role,
		text,
		ts: Date.now(),
		status: 'complete',
		...(role === 'assistant' ? { model: 'warm-up', tokens: 64 } : {})
	};
	return new MessageView(row, STILL);
}

/** Resolves when the page is next idle. */
function idle(): Promise<void> {
	return new Promise((resolve) => whenIdle(resolve));
}

/** The page shows a message of its own already: it paid for what the samples would warm. */
function shown(): boolean {
	return document.querySelector(`article[data-message-id]:not([${WARM_UP_ATTRIBUTE}] *)`) !== null;
}

/**
 * Unless the page shows a message already, load the sample's highlighter at once (the gateway
 * may be gone by the time the page is idle). Then, each step in an idle period of its own
 * (together they made one frame of 50–80 ms here): highlight `WARM_UP_CODE` (highlight.js
 * compiles the grammar on first use); lay out an answer (`WARM_UP_SAMPLE`), in a frame of its
 * own; lay out a user message, likewise. Both are real `MessageBubble`s in a hidden host on
 * `document.body`, removed at the end. Stops early when the page shows a message of its own or
 * is hidden (a background tab: the host would wait for its first visible frame, the one it was
 * meant to relieve). Resolves once done.
 *
 * @throws (rejects) when the highlighter cannot load.
 */
export async function warmUpLayout(): Promise<void> {
	if (shown()) return;
	const highlighter = await loadHighlighter(WARM_UP_LANGUAGE);
	await idle();
	if (shown()) return;
	highlighter?.(WARM_UP_CODE);
	await idle();
	if (shown() || document.hidden) return;
	const host = document.createElement('div');
	host.setAttribute(WARM_UP_ATTRIBUTE, '');
	host.inert = true;
	Object.assign(host.style, {
		position: 'fixed',
		insetBlockStart: '0',
		insetInlineStart: '0',
		inlineSize: '24rem',
		visibility: 'hidden',
		pointerEvents: 'none',
		contain: 'layout paint'
	});
	document.body.append(host);
	const bubbles: ReturnType<typeof mount>[] = [];
	const lay = async (view: MessageView) => {
		bubbles.push(mount(MessageBubble, { target: host, props: { view, onretry: () => undefined } }));
		await afterPaint();
	};
	try {
		await lay(sample('assistant', WARM_UP_SAMPLE));
		await idle();
		if (!shown()) await lay(sample('user', 'A question'));
	} finally {
		await Promise.all(bubbles.map((bubble) => unmount(bubble)));
		host.remove();
	}
}
