/**
 * The streaming cursor ends the text, as in an editor: after the last word of the paragraph, list
 * item or code streaming now, never on a line of its own under the answer; gone once it is done.
 */
import { heldSteps, hook } from './faults';
import { expect, lastArticle, messageLog, pairViaLink, sendMessage, test } from './fixtures';

// The demo reply (heading, quote, paragraph, list, code, table), a word or two every 60 ms: a
// few frames each.
test.use({ gatewayOptions: { stepMs: 60 } });

/** Where the cursor was in one drawn frame of the streaming answer. */
interface CursorSample {
	status: string;
	/** The elements with a drawn `::after`, by tag name, comma-separated. */
	on: string;
	/** The element with the cursor holds the end of the answer's text so far. */
	atEnd: boolean;
	/** The cursor's element ends with its last line of text (nothing under it: no line of its own). */
	sameLine: boolean;
	/** Cursor elements (the cursor shown before any text). */
	elements: number;
}

test('the streaming cursor sits after the last word of the block streaming now', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	// Every frame's state, kept when it changes: a state lasts a few hundred ms, too short to
	// catch reliably by polling from here on a loaded machine.
	await page.evaluate(() => {
		const samples: unknown[] = [];
		(window as unknown as { cursorSamples: unknown[] }).cursorSamples = samples;
		let last = '';
		const sample = () => {
			const articles = document.querySelectorAll<HTMLElement>(
				'[role="log"] article[data-role="assistant"]'
			);
			const article = articles[articles.length - 1];
			const md = article?.querySelector('.md');
			if (article && md?.textContent?.trim()) {
				const drawn = [...md.querySelectorAll('*')].filter(
					(e) => getComputedStyle(e, '::after').content !== 'none'
				);
				const host = drawn.at(-1);
				const end = host?.textContent?.trimEnd();
				let sameLine = false;
				if (host) {
					// The bottom of its last line of text against the bottom of its content box.
					const text = document.createRange();
					text.selectNodeContents(host);
					const lines = [...text.getClientRects()].filter((r) => r.height > 0);
					const style = getComputedStyle(host);
					const bottom =
						host.getBoundingClientRect().bottom -
						parseFloat(style.paddingBottom) -
						parseFloat(style.borderBottomWidth);
					// No text yet (a list item just begun): the cursor is its only line.
					const lastLine = lines.length ? Math.max(...lines.map((r) => r.bottom)) : bottom;
					sameLine = bottom - lastLine < parseFloat(style.fontSize) / 2;
				}
				const state = JSON.stringify({
					status: article.dataset.status ?? '',
					on: drawn.map((e) => e.localName).join(','),
					atEnd: end !== undefined && md.textContent.trimEnd().endsWith(end),
					sameLine,
					elements: article.querySelectorAll('.cursor').length
				});
				if (state !== last) samples.push(JSON.parse(state));
				last = state;
				if (article.dataset.status === 'complete') return;
			}
			requestAnimationFrame(sample);
		};
		requestAnimationFrame(sample);
	});
	await sendMessage(page, 'Show me something');
	const answer = lastArticle(page, 'assistant');
	await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
	const recorded = () =>
		page.evaluate(() => (window as unknown as { cursorSamples: CursorSample[] }).cursorSamples);
	// The sampler sees the end at its next frame.
	await expect.poll(async () => (await recorded()).at(-1)?.status).toBe('complete');
	const samples = await recorded();
	const streaming = samples.filter((s) => s.status === 'streaming');
	// The blocks it streamed through each had the cursor after their last word.
	for (const on of ['p', 'li', 'code', 'td'])
		expect(streaming, `${on} in ${JSON.stringify(streaming)}`).toContainEqual({
			status: 'streaming',
			on,
			atEnd: true,
			sameLine: true,
			elements: 0
		});
	// Never on a line of its own, never two, never away from the end.
	for (const s of streaming) {
		expect(s.elements).toBe(0);
		expect(s.on.split(',').length).toBe(1);
		if (s.on) expect(s, JSON.stringify(s)).toMatchObject({ atEnd: true, sameLine: true });
	}
	expect(samples.at(-1)).toEqual({
		status: 'complete',
		on: '',
		atEnd: false,
		sameLine: false,
		elements: 0
	});
});

test('"thinking" shows until the answer\'s first words, then its cursor is the one sign of work', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const thinking = page.getByText('Hermes is thinking…');
	const log = messageLog(page);
	const logHeight = () => log.evaluate((el) => el.getBoundingClientRect().height);
	const idleHeight = await logHeight();
	// Held before its first word: the answer has begun, with no text yet.
	await hook(gateway, 'hold', { after: 0 });
	await sendMessage(page, 'Show me something');
	await expect.poll(() => heldSteps(gateway)).toBe(1);
	const answer = lastArticle(page, 'assistant');
	await expect(answer).toHaveAttribute('data-status', 'streaming');
	await expect(thinking).toBeVisible();
	const turnHeight = await logHeight();
	expect(turnHeight).toBeLessThan(idleHeight);
	// Its heading streamed ("## ", "Demo"), held there.
	await hook(gateway, 'hold', { after: 2 });
	await expect.poll(() => heldSteps(gateway)).toBe(1);
	await expect(answer.locator('h2')).toHaveText('Demo');
	await expect(thinking).toBeHidden();
	// The line keeps its room while the text streams: the log (and all the text in it) stays put.
	await expect.poll(logHeight).toBe(turnHeight);
	await hook(gateway, 'release');
	await expect(answer).toHaveAttribute('data-status', 'complete');
	await expect(thinking).toBeHidden();
	await expect.poll(logHeight).toBe(idleHeight);
});
