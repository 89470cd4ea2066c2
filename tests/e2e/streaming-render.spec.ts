import { expect, messageLog, pairViaLink, sendMessage, test } from './fixtures';

test('an answer streaming a code block shows it as code, never as backticks', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	// 1,500 characters of the bench answer (heading, paragraph, lists, a 14-line code block, a
	// table) in 150 updates, 25 per second.
	await sendMessage(page, '/demo bench-stream 150 25 1500');
	const reply = messageLog(page).locator('article[data-role="assistant"]');

	// Caught while the code block is open: its lines so far are code, with the language class.
	let during = { status: '', code: '', lang: '', text: '' };
	await expect
		.poll(
			async () => {
				during = await reply.evaluate((el) => ({
					status: el.dataset.status ?? '',
					code: el.querySelector('pre code')?.textContent ?? '',
					lang: el.querySelector('pre code')?.className ?? '',
					text: el.textContent ?? ''
				}));
				return during.status === 'streaming' && during.code.includes('const value2 =');
			},
			{ intervals: [50] }
		)
		.toBe(true);
	expect(during.code).toMatch(/^function section0\(\) \{\n/);
	expect(during.lang.split(' ')).toContain('language-ts');
	expect(during.text).not.toContain('```');

	// Finished: one code block, the whole function, and the table after it.
	await expect(reply).toHaveAttribute('data-status', 'complete');
	await expect(reply.locator('pre code')).toHaveCount(1);
	await expect(reply.locator('pre code')).toContainText('return value0;');
	await expect(reply.locator('pre code')).toHaveClass(/\blanguage-ts\b/);
	await expect(reply.locator('table')).toBeVisible();
	await expect(reply).not.toContainText('```');
});
