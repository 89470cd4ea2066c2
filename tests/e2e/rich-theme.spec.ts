import type { Locator, Page } from '@playwright/test';
import { expect, pairViaLink, replyTo, sendMessage, test } from './fixtures';

/** Force a theme the way Settings does (`data-theme` on `<html>`), or follow the system (null). */
function forceTheme(page: Page, theme: 'light' | 'dark' | null): Promise<void> {
	return page.evaluate((theme) => {
		if (theme) document.documentElement.dataset.theme = theme;
		else delete document.documentElement.dataset.theme;
	}, theme);
}

/** What a diagram looks like: its node's fill and label colour and their WCAG contrast ratio. */
interface NodeColors {
	fill: string;
	text: string;
	contrast: number;
}

/**
 * The colours the browser computed for a diagram's `node` (an SVG `g.node`): the fill of its
 * shape and of its label's text, and their contrast ratio (WCAG 2 relative luminance).
 */
function nodeColors(node: Locator): Promise<NodeColors> {
	return node.evaluate((el) => {
		const shape = el.querySelector('rect, polygon, circle, ellipse, path');
		const label = el.querySelector('text tspan, text');
		if (!shape || !label) throw new Error('no node with a shape and a text label in the diagram');
		const fill = getComputedStyle(shape).fill;
		const text = getComputedStyle(label).fill;
		const luminance = (color: string) => {
			const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
				const s = Number(c) / 255;
				return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
			});
			if (b === undefined) throw new Error(`not an rgb() colour: ${color}`);
			return 0.2126 * r! + 0.7152 * g! + 0.0722 * b;
		};
		const [hi, lo] = [luminance(fill), luminance(text)].sort((a, b) => b - a);
		return { fill, text, contrast: (hi! + 0.05) / (lo! + 0.05) };
	});
}

const ANSWER = [
	'themecheck $x^2$',
	'',
	'```python',
	'def square(x):',
	'    return x ** 2',
	'```',
	'',
	'```mermaid',
	'graph TD',
	'  A[Start] --> B[Done]',
	'```'
].join('\n');

// GitHub's palettes for a keyword (src/lib/components/conversation/rich/rich.css).
const KEYWORD = { light: 'rgb(179, 24, 43)', dark: 'rgb(255, 123, 114)' };

test('code colours, formulas and diagrams follow the theme as it changes; diagram text stays readable', async ({
	page,
	gateway
}) => {
	await page.emulateMedia({ colorScheme: 'light' });
	await pairViaLink(page, gateway);
	await sendMessage(page, ANSWER);
	const reply = replyTo(page, 'themecheck');
	await expect(reply).toHaveAttribute('data-status', 'complete');
	const keyword = reply.locator('code .hljs-keyword').first();
	const formula = reply.locator('code[data-typeset] .katex').first();
	const figure = reply.getByRole('figure', { name: 'Diagram', exact: true });
	const node = figure.locator('svg g.node').first();
	await expect(keyword).toHaveText('def');
	await expect(figure.locator('svg')).toContainText('Start');
	await expect(figure).toHaveAttribute('data-theme', 'light');

	const light = await nodeColors(node);
	expect(light.contrast).toBeGreaterThanOrEqual(4.5);
	await expect(keyword).toHaveCSS('color', KEYWORD.light);
	// KaTeX draws in the colour of the text around it.
	const around = () =>
		formula.evaluate((el) => getComputedStyle(el.closest('code')!.parentElement!).color);
	const lightText = await around();
	await expect(formula).toHaveCSS('color', lightText);

	// Forced dark (the Settings switch): the same blocks change, nothing is re-sent.
	await forceTheme(page, 'dark');
	await expect(keyword).toHaveCSS('color', KEYWORD.dark);
	await expect(figure).toHaveAttribute('data-theme', 'dark');
	const dark = await nodeColors(node);
	expect(dark.fill).not.toBe(light.fill);
	expect(dark.text).not.toBe(light.text);
	expect(dark.contrast).toBeGreaterThanOrEqual(4.5);
	const darkText = await around();
	expect(darkText).not.toBe(lightText);
	await expect(formula).toHaveCSS('color', darkText);
	await expect(figure.locator('svg')).toContainText('Start');

	// Forced light wins over a dark system; back to System follows the system again.
	await page.emulateMedia({ colorScheme: 'dark' });
	await forceTheme(page, 'light');
	await expect(keyword).toHaveCSS('color', KEYWORD.light);
	await expect(figure).toHaveAttribute('data-theme', 'light');
	expect(await nodeColors(node)).toEqual(light);
	await forceTheme(page, null);
	await expect(keyword).toHaveCSS('color', KEYWORD.dark);
	await expect(figure).toHaveAttribute('data-theme', 'dark');
	expect(await nodeColors(node)).toEqual(dark);

	// The system switching while no theme is forced.
	await page.emulateMedia({ colorScheme: 'light' });
	await expect(keyword).toHaveCSS('color', KEYWORD.light);
	await expect(figure).toHaveAttribute('data-theme', 'light');
	expect(await nodeColors(node)).toEqual(light);
});

/** A text of a diagram: its colour, what it is painted on, and their contrast ratio. */
interface TextColors {
	text: string;
	color: string;
	backdrop: string;
	contrast: number;
}

/**
 * Every text of the diagram in `figure` against what is painted under it: the shapes before it
 * in paint order whose box holds the text's centre, composited (fill × opacity) over the nearest
 * opaque background of the page around the diagram.
 */
function diagramTexts(figure: Locator): Promise<TextColors[]> {
	return figure.evaluate((el) => {
		type Rgba = [number, number, number, number];
		const parse = (c: string): Rgba => {
			const [r = 0, g = 0, b = 0, a = 1] = (c.match(/[\d.]+/g) ?? []).map(Number);
			return [r, g, b, c.startsWith('rgba') ? a : 1];
		};
		const over = (top: Rgba, alpha: number, below: Rgba): Rgba => {
			const a = top[3] * alpha;
			return [0, 1, 2].map((i) => top[i]! * a + below[i]! * (1 - a)).concat(1) as Rgba;
		};
		const luminance = ([r, g, b]: Rgba) =>
			[r, g, b]
				.map((c) => c / 255)
				.map((s) => (s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4))
				.reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
		const contrast = (a: Rgba, b: Rgba) => {
			const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
			return (hi! + 0.05) / (lo! + 0.05);
		};
		const css = (c: Rgba) => `rgb(${c.slice(0, 3).map(Math.round).join(', ')})`;
		let page: Rgba = [255, 255, 255, 1];
		for (let e: Element | null = el; e; e = e.parentElement) {
			const bg = parse(getComputedStyle(e).backgroundColor);
			if (bg[3] > 0) {
				page = bg;
				break;
			}
		}
		const opacity = (e: Element) => {
			let a = Number(getComputedStyle(e).fillOpacity);
			for (let n: Element | null = e; n && n !== el; n = n.parentElement)
				a *= Number(getComputedStyle(n).opacity);
			return a;
		};
		const shapes = [...el.querySelectorAll('rect, polygon, circle, ellipse, path')].filter(
			(s) => !s.closest('defs, marker, text') && getComputedStyle(s).fill.startsWith('rgb')
		);
		const out = [];
		for (const text of el.querySelectorAll('svg text')) {
			const label = text.textContent?.trim();
			if (!label) continue;
			const box = text.getBoundingClientRect();
			const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
			let backdrop = page;
			for (const shape of shapes) {
				if (!(shape.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
				const r = shape.getBoundingClientRect();
				if (x < r.left || x > r.right || y < r.top || y > r.bottom) continue;
				backdrop = over(parse(getComputedStyle(shape).fill), opacity(shape), backdrop);
			}
			// The colour a text is drawn in: its own fill, or its first tspan's.
			const painted = text.querySelector('tspan') ?? text;
			const color = parse(getComputedStyle(painted).fill);
			out.push({
				text: label,
				color: css(color),
				backdrop: css(backdrop),
				contrast: contrast(color, backdrop)
			});
		}
		return out;
	});
}

const DIAGRAMS = [
	'```mermaid',
	'flowchart LR',
	'  A[Ask] --> B{Sure?}',
	'  B -->|yes| C([Do it])',
	'  B -->|no| D[(Store)]',
	'```',
	'',
	'```mermaid',
	'sequenceDiagram',
	'  Alice->>Bob: Hi',
	'  Note over Bob: thinks',
	'  Bob-->>Alice: Hello',
	'```'
].join('\n');

for (const [name, system, forced] of [
	['the system is dark', 'dark', null],
	['dark is forced on a light system', 'light', 'dark'],
	['light is forced on a dark system', 'dark', 'light']
] as const) {
	test(`every text of a diagram reads at 4.5:1 or more when ${name}`, async ({ page, gateway }) => {
		await page.emulateMedia({ colorScheme: system });
		await pairViaLink(page, gateway);
		await forceTheme(page, forced);
		const check = `contrastcheck-${system}-${forced ?? 'system'}`;
		await sendMessage(page, `${check}\n\n${DIAGRAMS}`);
		const reply = replyTo(page, check);
		const figures = reply.getByRole('figure', { name: 'Diagram', exact: true });
		await expect(figures.nth(1).locator('svg')).toContainText('thinks');
		await expect(figures.first().locator('svg')).toContainText('Store');
		for (const figure of await figures.all()) {
			const texts = await diagramTexts(figure);
			expect(texts.length).toBeGreaterThan(3);
			const unreadable = texts.filter((t) => t.contrast < 4.5);
			expect(unreadable, JSON.stringify(texts)).toEqual([]);
		}
	});
}
