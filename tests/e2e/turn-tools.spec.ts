import { expect, lastArticle, pairViaLink, replyTo, sendMessage, test } from './fixtures';
import { heldSteps, hook } from './faults';

test('tool cards show name, preview, args, progress, result and duration; beats show in the turn', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	// Answered once: the reconnect's sync is over, so the next answer is followed live (timed).
	await sendMessage(page, 'hello');
	await expect(lastArticle(page, 'assistant')).toHaveAttribute('data-status', 'complete');
	await sendMessage(page, '/demo tools');
	const answer = lastArticle(page, 'assistant');
	await expect(answer).toHaveAttribute('data-status', 'complete');

	const read = answer.getByRole('group', { name: 'Tool: read_file', exact: true });
	await expect(read).toContainText('README.md');
	await expect(read.getByRole('listitem')).toHaveText(['opening README.md', 'read 40 lines']);
	await expect(read).toContainText(/Done in \d+\.\d+ s/);
	await expect(read.getByLabel('Output')).toContainText('# Iris Web');
	const args = read.locator('details');
	await expect(args.locator('pre')).toBeHidden();
	await args.locator('summary').click();
	await expect(args.locator('pre')).toContainText('"path": "README.md"');
	// Room for its 2 px focus ring between "Arguments" and the tool's name above it.
	const gap = await read.evaluate(
		(card) =>
			card.querySelector('summary')!.getBoundingClientRect().top -
			card.querySelector('header')!.getBoundingClientRect().bottom
	);
	expect(gap).toBeGreaterThanOrEqual(2);

	const terminal = answer.getByRole('group', { name: 'Tool: terminal', exact: true });
	await expect(terminal).toContainText(/Failed in \d+\.\d+ s/);
	await expect(terminal.getByLabel('Output')).toContainText('1 test failed');

	await expect(answer).toContainText('Let me look at the project files first.');
	await expect(answer).toContainText('Now I will run the tests.');
	await expect(answer).toContainText('the test run failed with a timeout');
	// message.stop metadata on the bubble.
	await expect(answer.locator('footer')).toContainText(/demo-echo · \d+ tokens/);
	// How soon and how fast it came, as this device followed it live (stored: kept after a reload).
	// (Its speed shows only for a stream of 250 ms or more: the demo's may be quicker.)
	const speed = /\d+ tokens · <?[\d.]+ s to first words/;
	await expect(answer.locator('footer')).toContainText(speed);
	// One card per tool, also after a reload (replays must not duplicate them).
	await page.reload();
	const after = lastArticle(page, 'assistant');
	await expect(after.getByRole('group', { name: /^Tool: / })).toHaveCount(2);
	await expect(after.getByRole('group', { name: 'Tool: terminal' })).toContainText('Failed');
	await expect(after.locator('footer')).toContainText(speed);
});

test("on a narrow phone the answer's facts wrap between facts, never inside one", async ({
	page,
	gateway
}) => {
	await page.setViewportSize({ width: 320, height: 640 });
	await pairViaLink(page, gateway);
	// Answered once: the reconnect's sync is over, so the next answer is followed live (timed).
	await sendMessage(page, 'hello');
	await expect(lastArticle(page, 'assistant')).toHaveAttribute('data-status', 'complete');
	await sendMessage(page, 'Show me the facts');
	// This answer, not the last one in the log: until it begins, that is the answer to "hello",
	// complete and with facts of its own.
	const answer = replyTo(page, 'Show me the facts');
	await expect(answer).toHaveAttribute('data-status', 'complete');
	const footer = answer.locator('footer');
	await expect(footer).toContainText(/demo-echo · \d+ tokens · <?[\d.]+ s to first words/);
	// Model, tokens, first words (and speed): too wide for the bubble, so they wrap; each fact
	// is one line box (its words kept together), and no line starts with the separator.
	const facts = await footer.locator('.fact').evaluateAll((spans) =>
		spans.map((f) => ({
			text: f.textContent,
			// Lines it spans (a nested element such as the model's <bdi> is a box of its own).
			lines: new Set([...f.getClientRects()].map((r) => Math.round(r.top))).size,
			top: Math.round(f.getBoundingClientRect().top)
		}))
	);
	expect(facts.length).toBeGreaterThanOrEqual(3);
	expect(new Set(facts.map((f) => f.top)).size).toBeGreaterThan(1);
	for (const { text, lines } of facts) expect(lines, `"${text}" on one line`).toBe(1);
	const lines = await footer.locator('.facts').evaluate((el) => {
		const range = document.createRange();
		const starts: string[] = [];
		let lastTop = -Infinity;
		const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			const text = node.textContent ?? '';
			for (let i = 0; i < text.length; i++) {
				range.setStart(node, i);
				range.setEnd(node, i + 1);
				const top = Math.round(range.getBoundingClientRect().top);
				if (top > lastTop + 2 && text[i]!.trim()) {
					starts.push(text[i]!);
					lastTop = top;
				}
			}
		}
		return starts;
	});
	expect(lines.length).toBeGreaterThan(1);
	expect(lines).not.toContain('·');
	// The actions and the time share the first row, the facts are under them: on a phone, and in
	// a tablet's log beside the sidebar; a wide log has them all on one row.
	const box = async (selector: string) => (await footer.locator(selector).first().boundingBox())!;
	const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
	for (const [width, height] of [
		[320, 640],
		[768, 1024]
	] as const) {
		await page.setViewportSize({ width, height });
		await expect
			.poll(async () => Math.abs(middle(await box('.actions')) - middle(await box('time'))))
			.toBeLessThan(4);
		expect((await box('.facts')).y).toBeGreaterThanOrEqual(
			(await box('time')).y + (await box('time')).height - 1
		);
	}
	await page.setViewportSize({ width: 1280, height: 800 });
	await expect
		.poll(async () => Math.abs(middle(await box('.facts')) - middle(await box('time'))))
		.toBeLessThan(4);
});

test('a tool still running when the turn is stopped says so, also after a reload', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	// Held inside the first tool (before its first progress note).
	await hook(gateway, 'hold', { after: 0 });
	await sendMessage(page, '/demo tools');
	await expect.poll(() => heldSteps(gateway)).toBe(1);
	const answer = lastArticle(page, 'assistant');
	const read = answer.getByRole('group', { name: 'Tool: read_file', exact: true });
	await expect(read).toContainText('Running…');
	await page.getByRole('button', { name: 'Stop', exact: true }).click();
	await gateway.waitForLine(/^\[gateway\] agent\.stop in default$/);
	await expect(answer).toHaveAttribute('data-status', 'complete');
	await expect(read).toContainText('Stopped');
	await expect(read).not.toContainText('Running');
	await hook(gateway, 'release');
	await page.reload();
	await expect(
		lastArticle(page, 'assistant').getByRole('group', { name: 'Tool: read_file', exact: true })
	).toContainText('Stopped');
});
