import {
	connectionStatus,
	expect,
	replyTo,
	sendMessage,
	startsWith,
	test,
	type Gateway
} from './fixtures';
import { readRecording } from './frames';

/** The v3 frames the app sent to `gateway`, parsed. */
function v3FramesIn(gateway: Gateway): Record<string, unknown>[] {
	return readRecording(gateway.recordFile ?? '')
		.filter((r) => r.dir === 'in' && r.dialect === 'v3')
		.map((r) => JSON.parse(r.text) as Record<string, unknown>);
}

async function fillForm(page: import('@playwright/test').Page, url: string, token: string) {
	await page.getByRole('textbox', { name: 'Gateway URL', exact: true }).fill(url);
	await page.getByRole('textbox', { name: 'Token', exact: true }).fill(token);
}

test('the pairing form speaks v3 by choice, with the user id as `from`', async ({
	page,
	gateway
}) => {
	await page.goto(gateway.httpUrl);
	// The bare base URL would be taken for Iris; the explicit choice wins (the app adds `/ws/app`).
	await fillForm(page, gateway.httpUrl.replace(/^http/, 'ws'), gateway.token);
	await expect(page.getByRole('textbox', { name: 'User ID', exact: true })).toHaveCount(0);
	await page.getByRole('combobox', { name: 'Protocol', exact: true }).selectOption('v3');
	await page.getByRole('textbox', { name: 'User ID', exact: true }).fill('alice');
	await page.getByRole('button', { name: 'Connect', exact: true }).click();
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));

	await sendMessage(page, 'Hello over v3');
	await expect(replyTo(page, 'Hello over v3')).toHaveAttribute('data-status', 'complete');
	await expect
		.poll(() => v3FramesIn(gateway).filter((f) => f.type === 'text'))
		.toEqual([
			expect.objectContaining({
				from: 'alice',
				to: 'hermes',
				data: { text: 'Hello over v3' },
				ts: expect.any(Number)
			})
		]);
});

test('a v3 URL is detected; a wrong token is reported as rejected', async ({ page, gateway }) => {
	await page.goto(gateway.httpUrl);
	await fillForm(page, gateway.v3WsUrl, `wrong-${gateway.token}`);
	await expect(page.getByRole('textbox', { name: 'User ID', exact: true })).toBeVisible();
	await page.getByRole('button', { name: 'Connect', exact: true }).click();

	const alert = page.getByRole('alert').filter({ hasText: 'Token rejected' });
	await expect(alert).toBeVisible();
	await expect(alert.getByRole('button', { name: 'Pair again', exact: true })).toBeVisible();
	await expect(connectionStatus(page)).toHaveText(startsWith('Offline'));
	expect(gateway.output.filter((l) => l.includes('v3 auth failed'))).toHaveLength(1);
});
