/**
 * Client start-up hook (SvelteKit `init`, awaited before the first route loads). It applies the
 * remembered colour theme and text size before anything renders (no flash, no inline script:
 * platform/theme.ts, platform/text-size.ts), and sends `/` straight to the default channel it
 * remembers (platform/home-chat.ts). Once the interface language is ready, and after each
 * switch, it has that language's date formatters built when the main thread is next idle
 * (i18n/format.ts `warmFormatters`).
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
import { locale } from '$lib/i18n/locale.svelte';
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
	// A page's first date formatter costs tens of ms: built in an idle moment (start-up waits on
	// IndexedDB and the worker), not in the first render. The formatters are per language, so this
	// waits for its catalogue (`subscribe` calls back once it is loaded).
	locale.subscribe(() => whenIdle(warmFormatters));
	if (__IRIS_BENCH__) (await import('$lib/bench/page')).installBench();
};
