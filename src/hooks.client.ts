/**
 * Client start-up hook (SvelteKit `init`, awaited before the first route loads). It applies the
 * remembered colour theme and text size before anything renders (no flash, no inline script:
 * platform/theme.ts, platform/text-size.ts), and sends `/` straight to the default channel it
 * remembers (platform/home-chat.ts). It builds the date formatters when the main thread is
 * first idle (i18n/format.ts `warmFormatters`).
 * In a benchmark build it installs the bench's baselines and counters (`src/lib/bench/page.ts`);
 * in every other build `__IRIS_BENCH__` is the literal `false` and the branch, with the bench
 * module, is dropped.
 */
import type { ClientInit } from '@sveltejs/kit';
import { applyTheme, storedTheme } from '$lib/platform/theme';
import { applyTextSize, storedTextSize } from '$lib/platform/text-size';
import { benchMark } from '$lib/platform/bench-marks';
import { openHomeChat } from '$lib/platform/home-chat';
import { whenIdle } from '$lib/platform/idle';
import { warmFormatters } from '$lib/i18n/format';
import { resolve } from '$app/paths';

export const init: ClientInit = async () => {
	benchMark('init');
	applyTheme(storedTheme());
	applyTextSize(storedTextSize());
	// `/` opens the remembered default channel directly (platform/home-chat.ts).
	openHomeChat({
		home: resolve('/'),
		chat: (chat_id) => resolve('/chat/[chat_id]', { chat_id: encodeURIComponent(chat_id) })
	});
	// The first date formatter costs tens of ms: built while start-up waits on IndexedDB instead of
	// in the first render.
	whenIdle(warmFormatters);
	if (__IRIS_BENCH__) (await import('$lib/bench/page')).installBench();
};
