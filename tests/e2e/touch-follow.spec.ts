import { composer, expect, messageLog, pairViaLink, sendButton, test } from './fixtures';

test.use({ viewport: { width: 390, height: 800 }, hasTouch: true });

test('on a touch screen a finger drag up stops following a streaming answer', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	// ~20 s of streaming: 600 updates at 30 per second growing to 12,000 characters.
	await composer(page).fill('/demo bench-stream 600 30 12000');
	// On a touch screen Enter breaks the line: Send sends.
	await sendButton(page).click();
	const log = messageLog(page);
	const answer = log.locator('article[data-role="assistant"]').last();
	await expect(answer).toHaveAttribute('data-status', 'streaming');
	// Long enough that there is room to drag up.
	await expect
		.poll(() => log.evaluate((el) => el.scrollHeight - el.clientHeight))
		.toBeGreaterThan(1_000);

	// A slow drag down the screen (content moves up), a few px per move, as a finger does.
	const box = (await log.boundingBox())!;
	const x = box.x + box.width / 2;
	let y = box.y + box.height / 3;
	const cdp = await page.context().newCDPSession(page);
	const touch = (
		type: 'touchStart' | 'touchMove' | 'touchEnd',
		points: { x: number; y: number }[]
	) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
	await touch('touchStart', [{ x, y }]);
	for (let i = 0; i < 20; i += 1) {
		y += 12;
		await touch('touchMove', [{ x, y }]);
	}
	await touch('touchEnd', []);

	const jump = page.getByRole('button', { name: 'Jump to latest' });
	await expect(jump).toBeVisible();
	const fromEnd = () => log.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);
	const left = await fromEnd();
	expect(left).toBeGreaterThan(48);
	// More of the answer streams in below: the view stays where the reader put it.
	const length = () => answer.evaluate((el) => el.textContent?.length ?? 0);
	const before = await length();
	await expect.poll(length).toBeGreaterThan(before + 500);
	expect(await fromEnd()).toBeGreaterThanOrEqual(left);
	await expect(jump).toBeVisible();

	// Back to the end: following again until the answer is complete.
	await jump.click();
	await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });
	await expect.poll(fromEnd).toBeLessThanOrEqual(1);
	await expect(jump).toHaveCount(0);
});
