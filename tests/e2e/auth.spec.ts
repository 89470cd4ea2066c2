import { connectionStatus, expect, pairViaForm, startsWith, test } from './fixtures';

test('a wrong token is rejected once, without a reconnect loop', async ({ page, gateway }) => {
	await pairViaForm(page, gateway, `wrong-${gateway.token}`);

	const alert = page.getByRole('alert').filter({ hasText: 'Token rejected' });
	await expect(alert).toBeVisible();
	await expect(alert.getByRole('button', { name: 'Pair again', exact: true })).toBeVisible();
	await expect(connectionStatus(page)).toHaveText(startsWith('Offline'));
	// The middle says why there is nothing, instead of waiting for channels that cannot come.
	await expect(
		page.getByText("No channels to show: the gateway did not accept this device's token.")
	).toBeVisible();
	await expect.poll(() => gateway.connectionsOpened()).toBe(1);

	// Proving an absence needs a window: nothing announces "the worker did not retry". The first
	// backoff is 1 s ± 20 %, so a worker that kept retrying would open a second socket by ~1.2 s
	// (and a third by ~3.6 s); 3 s covers the first retry with room for a slow machine.
	// This is the only timed wait in the end-to-end suite.
	await page.waitForTimeout(3_000);

	expect(gateway.connectionsOpened()).toBe(1);
	await expect(alert).toBeVisible();
	await expect(connectionStatus(page)).toHaveText(startsWith('Offline'));
});
