/**
 * The built app runs under its own Content-Security-Policy (the `<meta>` from `kit.csp` and the
 * gateway's header) without a single violation, and no page on another origin can frame it.
 */
import type { Page } from '@playwright/test';
import { expect, messageLog, pairViaLink, replyTo, sendMessage, test } from './fixtures';
import { imageLoaded } from './media-support';

/** Every CSP violation the page or its workers report, as text. */
function recordViolations(page: Page): string[] {
	const seen: string[] = [];
	page.on('console', (m) => {
		if (/Content Security Policy|Refused to/i.test(m.text())) seen.push(m.text());
	});
	void page.exposeFunction('__cspViolation', (text: string) => seen.push(text));
	void page.addInitScript(() => {
		document.addEventListener('securitypolicyviolation', (e) => {
			const report = (window as unknown as { __cspViolation?: (t: string) => void }).__cspViolation;
			report?.(`${e.violatedDirective}: ${e.blockedURI}`);
		});
	});
	return seen;
}

test('the app runs under its CSP with no violations', async ({ page, gateway }) => {
	const violations = recordViolations(page);
	const response = await page.goto(gateway.httpUrl);
	const header = response?.headers()['content-security-policy'] ?? '';
	expect(header).toContain("frame-ancestors 'none'");
	expect(header).toContain("script-src 'self'");
	// The protocol's validators are precompiled: nothing is built from strings at run time.
	expect(header).not.toContain("'unsafe-eval'");
	expect(response?.headers()['referrer-policy']).toBe('no-referrer');
	const meta = page.locator('meta[http-equiv="content-security-policy"]');
	await expect(meta).toHaveAttribute('content', /script-src 'self'/);
	expect(await meta.getAttribute('content')).not.toContain("'unsafe-eval'");

	await pairViaLink(page, gateway);
	const text =
		'Math $x^2$, `code`, **bold** and\n\n```js\nconst a = 1;\n```\n\n![remote](https://images.example/x.png)';
	await sendMessage(page, text);
	// The reply quotes the message's code block and adds one of its own: look at the quoted one.
	await expect(
		replyTo(page, 'const a = 1;').locator('pre', { hasText: 'const a = 1;' })
	).toBeVisible();
	await sendMessage(page, 'diagram\n\n```mermaid\ngraph TD\n  A[Start] --> B[End]\n```');
	// What this test looks at is the rendering, not following: the answer may sit below the view
	// (rows out of view are not rendered), so the log is taken to its end until it is shown.
	const diagram = replyTo(page, 'A[Start]').getByRole('figure', { name: 'Diagram' }).locator('svg');
	await expect
		.poll(async () => {
			await messageLog(page).evaluate((log) => log.scrollTo({ top: log.scrollHeight }));
			return diagram.isVisible();
		})
		.toBe(true);
	await sendMessage(page, '/demo media');
	const img = messageLog(page).locator('article[data-role="assistant"]').getByRole('img', {
		name: 'gradient.png'
	});
	await expect.poll(() => imageLoaded(img)).toBe(true);
	// A reload runs the start-up script again, from the service worker's cache this time.
	await page.reload();
	await expect(img).toBeVisible();
	expect(violations).toEqual([]);
});

test('a page on another origin cannot frame the app', async ({ page, gateway }) => {
	await pairViaLink(page, gateway);
	const framer = 'http://framer.example.test/';
	await page.route(framer, (route) =>
		route.fulfill({
			contentType: 'text/html',
			body: `<!doctype html><title>framer</title><iframe src="${gateway.httpUrl}/"></iframe>`
		})
	);
	await page.goto(framer);
	// Chromium replaces a frame whose ancestors the policy refuses with its error page.
	await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/);
	await expect(page.frameLocator('iframe').getByRole('textbox')).toHaveCount(0);
});
