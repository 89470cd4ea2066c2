import type { Locator, Page } from '@playwright/test';
import { expect, messageLog, pairViaLink, replyTo, sendMessage, test } from './fixtures';
import { waitForController } from './pwa-support';

/** The code block (`pre`) of `reply` whose text contains `text`. */
const block = (reply: Locator, text: string) => reply.locator('pre', { hasText: text });

/**
 * Scroll the log with the wheel until `target` is well inside the viewport: the reader's own
 * scroll, so the list stops following the end (a programmatic scroll would not).
 */
async function readerScrollsTo(page: Page, target: Locator): Promise<void> {
	await messageLog(page).hover();
	const height = page.viewportSize()!.height;
	await expect
		.poll(async () => {
			const box = await target.boundingBox();
			if (box && box.y >= 100 && box.y + 60 <= height - 150) return true;
			await page.mouse.wheel(0, box && box.y > height / 2 ? 120 : -120);
			return false;
		})
		.toBe(true);
}

const PYTHON = 'def square(x):\n    return x ** 2  # keep <this> & "that"\n\nprint(square(3))';

test('a code block is highlighted, labelled, and Copy code copies its exact source', async ({
	page,
	gateway
}) => {
	await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
	await pairViaLink(page, gateway);
	const long = Array.from({ length: 40 }, (_, i) => `line_${i} = ${i}`).join('\n');
	await sendMessage(
		page,
		`codecheck\n\n\`\`\`python\n${PYTHON}\n\`\`\`\n\n\`\`\`py\n${long}\n\`\`\``
	);
	const reply = replyTo(page, 'codecheck');
	await expect(reply).toHaveAttribute('data-status', 'complete');

	const python = block(reply, 'def square');
	await readerScrollsTo(page, python.locator('.code-head'));
	await expect(python.locator('.code-lang')).toHaveText('Python');
	await expect(python.locator('code .hljs-keyword').first()).toHaveText('def');
	await expect(python.locator('code .hljs-comment')).toContainText('# keep <this>');

	const copy = python.getByRole('button', { name: 'Copy code', exact: true });
	await copy.click();
	await expect(python.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PYTHON);

	const wrap = python.getByRole('button', { name: 'Wrap lines', exact: true });
	await expect(wrap).toHaveAttribute('aria-pressed', 'false');
	await wrap.click();
	await expect(wrap).toHaveAttribute('aria-pressed', 'true');
	await expect(python.locator('code')).toHaveCSS('white-space', 'pre-wrap');

	// 40 lines: collapsed until the reader asks.
	const tall = block(reply, 'line_0 = 0');
	await readerScrollsTo(page, tall.locator('.code-expand'));
	const code = tall.locator('code');
	const collapsed = (await code.boundingBox())!.height;
	await tall.getByRole('button', { name: 'Show all 40 lines', exact: true }).click();
	await expect(tall.getByRole('button', { name: 'Show fewer lines' })).toHaveAttribute(
		'aria-expanded',
		'true'
	);
	expect((await code.boundingBox())!.height).toBeGreaterThan(collapsed * 2);
	// A language nobody knows stays plain text, with its name as the label.
	await sendMessage(page, 'plaincheck\n\n```klingon\nqapla\n```');
	const plain = block(replyTo(page, 'plaincheck'), 'qapla');
	await expect(plain.locator('.code-lang')).toHaveText('klingon');
	await expect(plain.locator('[class^="hljs-"]')).toHaveCount(0);
});

test('math is typeset; money and shell stay text', async ({ page, gateway }) => {
	await pairViaLink(page, gateway);
	await sendMessage(
		page,
		'mathcheck $x^2$ and \\(\\alpha\\)\n\n$$\\int_0^1 x\\,dx$$\n\nIt costs $3.50 or $4, echo $HOME $PATH, `$x$`'
	);
	const reply = replyTo(page, 'mathcheck');
	await expect(reply).toHaveAttribute('data-status', 'complete');
	await expect(reply.locator('code[data-typeset] .katex')).toHaveCount(3);
	await expect(reply.locator('.katex-display')).toHaveCount(1);
	// The thin space `\,` survived markdown: KaTeX drew it (no comma in the formula).
	await expect(reply.locator('.katex-display annotation')).toHaveText('\\int_0^1 x\\,dx');
	await expect(reply).toContainText('It costs $3.50 or $4, echo $HOME $PATH');
	await expect(reply.locator('code', { hasText: '$x$' })).toHaveCount(1);
});

test('a Mermaid diagram is drawn, toggles to its source; a broken one shows source and error', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, 'diagramcheck\n\n```mermaid\ngraph TD\n  A[Start] --> B[Done]\n```');
	const reply = replyTo(page, 'diagramcheck');
	await expect(reply).toHaveAttribute('data-status', 'complete');
	const diagram = block(reply, 'Mermaid');
	const figure = diagram.getByRole('figure', { name: 'Diagram', exact: true });
	await expect(figure.locator('svg')).toBeVisible();
	await expect(figure.locator('svg')).toContainText('Start');
	await diagram.getByRole('button', { name: 'Show source', exact: true }).click();
	await expect(diagram.locator('code')).toBeVisible();
	await expect(diagram.locator('code')).toContainText('A[Start] --> B[Done]');
	await diagram.getByRole('button', { name: 'Show diagram', exact: true }).click();
	await expect(diagram.locator('.diagram svg')).toBeVisible();

	await sendMessage(page, 'brokencheck\n\n```mermaid\ngraph TD\n  A[Start --> ((\n```');
	const broken = block(replyTo(page, 'brokencheck'), 'Mermaid');
	await expect(broken.locator('.diagram-error')).toContainText('could not be drawn');
	await expect(broken.locator('code')).toBeVisible();
	await expect(broken.locator('code')).toContainText('A[Start --> ((');
});

/** Install traps: any dialog, navigation away, or `__pwned` set by a payload is recorded. */
async function trap(page: Page): Promise<() => Promise<string[]>> {
	const seen: string[] = [];
	page.on('dialog', (d) => {
		seen.push(`dialog: ${d.message()}`);
		void d.dismiss();
	});
	return async () => {
		const pwned = await page.evaluate(() => (window as { __pwned?: string }).__pwned);
		return pwned ? [...seen, `ran: ${pwned}`] : seen;
	};
}

/** Elements and attributes under `root` that could run script, navigate, or load something. */
function activeMarkup(root: Locator): Promise<string[]> {
	return root.evaluate((el) => {
		const found: string[] = [];
		for (const node of el.querySelectorAll('*')) {
			const tag = node.tagName.toLowerCase();
			if (['img', 'foreignobject', 'script', 'iframe', 'image', 'use'].includes(tag))
				found.push(tag);
			for (const attr of node.attributes) {
				if (attr.name.startsWith('on')) found.push(`${tag}[${attr.name}]`);
				if (
					['href', 'src', 'xlink:href', 'action', 'formaction'].includes(attr.name) &&
					!/^(?:https?:|mailto:|#)/.test(attr.value)
				)
					found.push(`${tag}[${attr.name}=${attr.value}]`);
			}
		}
		return found;
	});
}

const HOSTILE = [
	'hostilecheck',
	'$\\href{javascript:window.__pwned="href"}{click}$ and $\\url{javascript:window.__pwned="url"}$',
	'$$\\def\\a{aaaaaaaaaa}\\def\\b{\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a}\\def\\c{\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b}\\c\\c\\c\\c\\c\\c\\c\\c\\c\\c\\c\\c$$',
	'$\\htmlData{x=1}{y}$',
	'```mermaid',
	'%%{init: {"securityLevel": "loose", "flowchart": {"htmlLabels": true}}}%%',
	'graph TD',
	'  A["<img src=x onerror=window.__pwned=\'label\'>"] --> B[two]',
	'  click A callback "tip"',
	'  click B "javascript:window.__pwned=\'link\'"',
	'```',
	'',
	'[js](javascript:window.__pwned="md")'
].join('\n');

test('hostile math and diagrams run nothing, streamed or rendered whole', async ({
	page,
	gateway
}) => {
	const ran = await trap(page);
	await page.addInitScript(() => {
		(window as unknown as { callback: () => void }).callback = () => {
			(window as { __pwned?: string }).__pwned = 'callback';
		};
	});
	await pairViaLink(page, gateway);
	await sendMessage(page, HOSTILE);
	const check = async (reply: Locator) => {
		await expect(reply).toHaveAttribute('data-status', 'complete');
		await expect(reply.locator('.diagram svg')).toBeVisible();
		await expect(reply.locator('.katex').first()).toBeVisible();
		// Click everything a payload could hang a handler or a link on.
		for (const el of await reply.locator('.diagram svg g.node, .katex, a').all()) {
			await el.click({ force: true, noWaitAfter: true }).catch(() => undefined);
		}
		expect(await activeMarkup(reply)).toEqual([]);
		expect(await ran()).toEqual([]);
		expect(page.url()).toContain('/chat/');
	};
	await check(replyTo(page, 'hostilecheck'));
	// Whole: after a reload the stored answer renders in one go.
	await page.reload();
	await check(replyTo(page, 'hostilecheck'));
});

test('a diagram and a formula seen once render offline, from files the service worker kept', async ({
	context,
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await waitForController(page);
	await sendMessage(page, 'offlinecheck $e^{i\\pi}$\n\n```mermaid\ngraph LR\n  A --> B\n```');
	const reply = replyTo(page, 'offlinecheck');
	await expect(reply.locator('.diagram svg')).toBeVisible();
	await expect(reply.locator('code[data-typeset] .katex')).toHaveCount(1);
	// KaTeX's fonts are fetched once a formula shows; wait until they are in.
	await page.evaluate(() => document.fonts.ready);
	const chatUrl = page.url();

	await gateway.kill();
	await context.setOffline(true);
	await page.close();
	const cold = await context.newPage();
	await cold.goto(chatUrl);
	const again = replyTo(cold, 'offlinecheck');
	await expect(again.locator('.diagram svg')).toBeVisible();
	await expect(again.locator('code[data-typeset] .katex')).toHaveCount(1);
	expect(
		await cold.evaluate(() =>
			[...document.fonts].some((f) => f.family.includes('KaTeX') && f.status === 'loaded')
		)
	).toBe(true);
});

test('/demo showcase: code, math, a diagram, a table, and a task list whose boxes stand for its bullets', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, '/demo showcase');
	const reply = messageLog(page).locator('article[data-role="assistant"]', {
		hasText: 'What an answer can hold'
	});
	await expect(reply).toHaveAttribute('data-status', 'complete');
	await expect(block(reply, 'def fibonacci')).toBeVisible();
	await expect(reply.locator('.katex').first()).toBeAttached();
	await expect(reply.locator('table')).toContainText('KaTeX');
	const task = reply.locator('li', { has: page.locator('input[type="checkbox"]') }).first();
	await task.scrollIntoViewIfNeeded();
	await expect(task.locator('input[type="checkbox"]')).toBeChecked();
	await expect(task.locator('input[type="checkbox"]')).toBeDisabled();
	expect(await task.evaluate((li) => getComputedStyle(li).listStyleType)).toBe('none');
	// The box sits where the bullet would: left of the list item's text, not inside it.
	const [item, box] = [await task.boundingBox(), await task.locator('input').boundingBox()];
	expect(box!.x).toBeLessThan(item!.x);
});
