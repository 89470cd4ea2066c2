/**
 * Two hidden sample messages (a question and a markdown answer), laid out once while the page is
 * idle and then removed. Without it, the first answer a page shows pays for its firsts in the
 * frame that shows it: V8 compiling the bubble's code, and the browser's first look-up of each
 * font the answer uses (code, bold, italic; Chromium on Linux asks fontconfig, tens of ms). A
 * reconnect's catch-up into an empty channel had one long frame of 55–130 ms from these
 * (bench/README.md "Reconnect catch-up"). `markdown/warm-up.ts` warms the renderer's code alone,
 * earlier.
 *
 * The host is `visibility: hidden` (laid out, so its text is shaped; never painted, focusable or
 * in the accessibility tree) and `inert`.
 */
import { mount, unmount } from 'svelte';
import { WARM_UP_LANGUAGE, WARM_UP_SAMPLE } from '$lib/markdown/warm-up';
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

/**
 * Load the sample's highlighter at once (the gateway may be gone by the time the page is idle);
 * when the page is next idle, lay out a user message and an answer (`WARM_UP_SAMPLE`,
 * highlighted) through the real `MessageBubble`, in a hidden host on `document.body`; remove it
 * after the next frame. Does nothing when the page already shows an answer with code. Resolves
 * once done (never while the page is hidden: no frame is produced). Rejects when the highlighter
 * cannot load.
 */
export async function warmUpLayout(): Promise<void> {
	await loadHighlighter(WARM_UP_LANGUAGE);
	await new Promise<void>((idle) => whenIdle(idle));
	// The page has shown an answer with code already: it paid for what the sample would warm.
	if (document.querySelector('article pre')) return;
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
	const bubbles = [sample('user', 'A question'), sample('assistant', WARM_UP_SAMPLE)].map((view) =>
		mount(MessageBubble, { target: host, props: { view, onretry: () => undefined } })
	);
	try {
		await afterPaint();
	} finally {
		await Promise.all(bubbles.map((bubble) => unmount(bubble)));
		host.remove();
	}
}
