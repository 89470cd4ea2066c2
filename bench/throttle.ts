/**
 * CPU throttling for bench scenarios: every figure is taken unthrottled and at ×4 (CDP
 * `Emulation.setCPUThrottlingRate`, the usual mobile emulation), as bench/README.md describes.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

/**
 * The CPU slow-down factors to run: `BENCH_CPU=1,4` (default `1,4`; `BENCH_CPU=1` for a quick
 * unthrottled run). Each factor ≥ 1; anything else is ignored.
 */
export function throttleRates(): number[] {
	const rates = (process.env.BENCH_CPU ?? '1,4')
		.split(',')
		.map(Number)
		.filter((n) => Number.isFinite(n) && n >= 1);
	return rates.length > 0 ? rates : [1];
}

/**
 * Slow `page`'s CPU by `rate` (1 = none) through a CDP session of `context`, which is returned
 * (keep it: closing it ends the throttling). Workers of the page are not throttled by CDP's page
 * session; the page's main thread is what the figures measure.
 */
export async function throttle(
	context: BrowserContext,
	page: Page,
	rate: number
): Promise<CDPSession> {
	const cdp = await context.newCDPSession(page);
	await cdp.send('Emulation.setCPUThrottlingRate', { rate });
	return cdp;
}

/** `×4` / `unthrottled`, for printed lines. */
export function rateLabel(rate: number): string {
	return rate === 1 ? 'unthrottled' : `×${rate}`;
}
