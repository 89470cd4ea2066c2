/**
 * Marks never flash by while an answer streams: the demo reply's `**demo gateway**`, its
 * `` `inline code` ``, its table and its `[Hermes docs](…)` link arrive a word at a time, and each
 * shows formatted from its first word (bold, code, the link's label; the table once its delimiter
 * row starts) instead of as raw `**`, backticks, pipes or a bracket that jump into shape later. The gateway holds the stream right after each
 * of those first words (its test hooks), so what is checked is exactly that moment, however far
 * behind a loaded machine runs.
 */
import { demoReply, streamSteps } from '../../gateway/demo-agent';
import { heldSteps, hook } from './faults';
import { expect, lastArticle, pairViaLink, sendMessage, test } from './fixtures';

const QUESTION = 'Show me something';
const STEPS = streamSteps(demoReply(QUESTION));

/** How many steps stream before the text ends with `end` (each step adds a word). */
function stepsTo(end: string): number {
	const index = STEPS.findIndex((text) => text.endsWith(end));
	if (index < 0) throw new Error(`no demo step ends with ${JSON.stringify(end)}`);
	return index + 1;
}

test('bold, code, a table and a link show formatted from the start, never as raw marks', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const answer = lastArticle(page, 'assistant');
	const body = answer.locator('.md');
	let streamed = 0;
	/** Let the demo stream until its text ends with `end`, then hold it there. */
	const holdAt = async (end: string) => {
		const to = stepsTo(end);
		await hook(gateway, 'hold', { after: to - streamed });
		streamed = to;
	};
	const streamTo = async (end: string) => {
		await holdAt(end);
		await expect.poll(() => heldSteps(gateway)).toBe(1);
	};

	await holdAt('**demo ');
	await sendMessage(page, QUESTION);
	await expect.poll(() => heldSteps(gateway)).toBe(1);
	await expect(answer).toHaveAttribute('data-status', 'streaming');
	await expect(body.locator('strong')).toHaveText('demo');
	await expect(body).not.toContainText('**');

	await streamTo('`inline ');
	await expect(body.locator('li code')).toHaveText('inline');
	await expect(body).not.toContainText('`');

	// A table's header line is held back until its delimiter row starts, then shows as a table.
	await streamTo('Value |\n');
	await expect(body).not.toContainText('Metric');
	await expect(body.locator('table')).toHaveCount(0);
	await streamTo('Value |\n| --- ');
	await expect(body.locator('th')).toHaveText(['Metric', 'Value']);

	await streamTo('[Hermes ');
	await expect(body.locator('p').last()).toHaveText(/^Read more in the Hermes\s*$/);
	await expect(body).not.toContainText('[');

	await hook(gateway, 'release');
	await expect(answer).toHaveAttribute('data-status', 'complete');
	await expect(body.locator('strong')).toHaveText('demo gateway');
	await expect(body.locator('li code')).toHaveText('inline code');
	await expect(body.getByRole('link', { name: 'Hermes docs' })).toBeVisible();
});
