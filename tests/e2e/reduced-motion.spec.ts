/**
 * A reader who asked the system for less motion gets none: while an answer streams (the cursor,
 * the busy dots and ring) and while hovering chrome, no animation runs and no transition takes time.
 */
import { expect, lastArticle, pairViaLink, sendMessage, test } from './fixtures';

test.use({ reducedMotion: 'reduce' });

test('with prefers-reduced-motion nothing animates, not even while Hermes streams', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, '/demo slow');
	const answer = lastArticle(page, 'assistant');
	await expect(answer).toContainText('word3');
	await expect(answer).toHaveAttribute('data-status', 'streaming');
	// Hovering a message reveals its actions: instantly.
	await lastArticle(page, 'user').hover();
	const running = () =>
		page.evaluate(() =>
			document
				.getAnimations()
				.filter((a) => a.playState === 'running')
				.map((a) => {
					const target = (a.effect as KeyframeEffect | null)?.target;
					return `${a.constructor.name} on ${target?.localName}.${target?.className}`;
				})
		);
	expect(await running()).toEqual([]);
	await page.getByRole('button', { name: 'Stop', exact: true }).click();
	await expect(answer).toHaveAttribute('data-status', 'complete');
});

test.describe('without the preference', () => {
	test.use({ reducedMotion: 'no-preference' });

	test('the streaming cursor does blink (the check above can see animations)', async ({
		page,
		gateway
	}) => {
		await pairViaLink(page, gateway);
		await sendMessage(page, '/demo slow');
		const answer = lastArticle(page, 'assistant');
		await expect(answer).toContainText('word3');
		await expect
			.poll(() =>
				page.evaluate(
					() => document.getAnimations().filter((a) => a.playState === 'running').length
				)
			)
			.toBeGreaterThan(0);
		await page.getByRole('button', { name: 'Stop', exact: true }).click();
		await expect(answer).toHaveAttribute('data-status', 'complete');
	});
});
