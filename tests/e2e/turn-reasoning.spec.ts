import {
	connectionStatus,
	expect,
	lastArticle,
	pairViaLink,
	sendMessage,
	startsWith,
	test
} from './fixtures';
import { heldSteps, hook } from './faults';

/** The end of the demo reasoning (gateway/demo/anatomy.ts). */
const REASONING = /^The user wants to see reasoning\..*explain it briefly\.$/;
/**
 * Demo steps the turn streams before the gateway holds it: 20 words of reasoning, up to "first
 * restate the question, then weigh". Held, the turn stays open for as long as the test looks at
 * it, however far behind a loaded machine runs.
 */
const STEPS_BEFORE_HOLD = 20;
/** The reasoning's words after those (one step each): "two options, … briefly." */
const REASONING_STEPS_LEFT = 11;

test('reasoning shows above the answer while streaming, collapsible, and after a reload', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await hook(gateway, 'hold', { after: STEPS_BEFORE_HOLD });
	await sendMessage(page, '/demo reasoning');
	await expect.poll(() => heldSteps(gateway)).toBe(1);
	const answer = lastArticle(page, 'assistant');
	const reasoning = answer.locator('details', {
		has: page.locator('summary', { hasText: /^Reasoning/ })
	});

	// While the turn streams: the block is there, closed, and opens on demand.
	await expect(answer).toHaveAttribute('data-status', 'streaming');
	await expect(reasoning).toBeVisible();
	await expect(reasoning.locator('summary')).toHaveText(/^Reasoning/);
	await expect(reasoning).not.toHaveAttribute('open');
	await reasoning.locator('summary').click();
	await expect(reasoning).toHaveAttribute('open');
	await expect(reasoning.locator('p')).toHaveText(/restate the question, then weigh\s*$/);
	await expect(answer).toHaveAttribute('data-status', 'streaming');
	await expect(reasoning.locator('summary')).toHaveText('Reasoning (thinking…)');

	// Once the answer's words stream, the agent is no longer thinking: the summary says so.
	await hook(gateway, 'hold', { after: REASONING_STEPS_LEFT + 3 });
	await expect.poll(() => heldSteps(gateway)).toBe(1);
	await expect(answer).toContainText('After thinking');
	await expect(answer).toHaveAttribute('data-status', 'streaming');
	await expect(reasoning.locator('summary')).toHaveText('Reasoning');

	await hook(gateway, 'release');
	await expect(answer).toHaveAttribute('data-status', 'complete');
	await expect(reasoning.locator('p')).toHaveText(REASONING);
	await expect(answer).toContainText('the simpler option wins');
	// Above the answer: the reasoning comes first in the bubble.
	const order = await answer.evaluate((el) => {
		const details = el.querySelector('details');
		const strong = el.querySelector('strong');
		return (
			!!details &&
			!!strong &&
			!!(details.compareDocumentPosition(strong) & Node.DOCUMENT_POSITION_FOLLOWING)
		);
	});
	expect(order).toBe(true);

	await page.reload();
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	const after = lastArticle(page, 'assistant');
	const again = after.locator('details', {
		has: page.locator('summary', { hasText: /^Reasoning/ })
	});
	await expect(again).not.toHaveAttribute('open');
	await again.locator('summary').click();
	await expect(again.locator('p')).toHaveText(REASONING);
});
