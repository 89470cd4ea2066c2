import { channelLink, composer, expect, pairViaLink, replyTo, sendMessage, test } from './fixtures';

test.use({ viewport: { width: 390, height: 800 } });

test('at phone width the chat fits the screen and the channel list opens from a button', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const text = 'A phone-width message long enough to need wrapping on a narrow screen';
	await sendMessage(page, text);
	await expect(replyTo(page, text)).toHaveAttribute('data-status', 'complete');

	// Wide code blocks and tables scroll inside the bubble; the page itself never scrolls sideways.
	const overflow = await page.evaluate(
		() => document.documentElement.scrollWidth - document.documentElement.clientWidth
	);
	expect(overflow).toBe(0);
	await expect(composer(page)).toBeInViewport();
	// The message field stays a usable width and one line tall beside (or under) the buttons.
	const field = await composer(page).boundingBox();
	expect(field?.width).toBeGreaterThan(200);
	expect(field?.height).toBeLessThan(80);

	// The sidebar is folded away behind a button, and the button opens it.
	await expect(channelLink(page, 'General')).toBeHidden();
	const toggle = page.getByRole('button', { name: 'Channels' });
	await expect(toggle).toHaveAttribute('aria-expanded', 'false');
	await toggle.click();
	await expect(toggle).toHaveAttribute('aria-expanded', 'true');
	await expect(channelLink(page, 'General')).toBeVisible();
	await channelLink(page, 'General').click();
	await expect(toggle).toHaveAttribute('aria-expanded', 'false');
	await expect(composer(page)).toBeVisible();
});
