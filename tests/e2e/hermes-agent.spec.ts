/**
 * `IRIS_AGENT=hermes` in the real app: a turn answered by a Hermes Agent API server (the unit
 * tests' fake, from the runs API's formats) shows its reasoning, tool card, approval picker and
 * metadata like any other turn, and the approval reaches Hermes; Steer reaches the run; "thinking"
 * shows again after a tool; while Hermes is down the gateway shows as degraded, and is back to
 * normal once Hermes answers.
 */
import { startFakeHermes } from '../unit/support/fake-hermes';
import { composer, expect, lastArticle, pairViaLink, sendMessage, test } from './fixtures';

test('a Hermes run: reasoning, a tool card, an approval answered in the app, the answer', async ({
	page,
	startGateway
}) => {
	const fake = await startFakeHermes({
		keepAlive: true,
		steps: [
			{ event: 'reasoning.delta', delta: 'The user wants the build folder gone.' },
			{ event: 'tool.started', tool: 'terminal', preview: 'du -sh build', args: { cmd: 'du' } },
			{ event: 'tool.completed', tool: 'terminal', duration: 1.25, output_preview: '12M build' },
			{ event: 'message.delta', delta: 'It holds 12M. ' },
			{ event: 'approval.request', command: 'rm -rf build/', description: 'Delete build' },
			{ event: 'message.delta', delta: 'Done, **all clean**.' },
			{ event: 'run.completed', usage: { output_tokens: 12 }, model: 'hermes-e2e' }
		]
	});
	try {
		const gateway = await startGateway({
			env: { IRIS_AGENT: 'hermes', HERMES_API_URL: fake.url, HERMES_API_KEY: 'e2e-key' }
		});
		const banner = await gateway.waitForLine(/^\[gateway\] agent: /);
		expect(banner).toBe(
			`[gateway] agent: Hermes Agent API server at ${fake.url}; capabilities: runs only (no /v1/capabilities)`
		);
		await pairViaLink(page, gateway);
		await sendMessage(page, 'clean the build');

		const dialog = page.getByRole('dialog', { name: 'Approval required', exact: true });
		await expect(dialog).toContainText('rm -rf build/');
		await expect(dialog).toContainText('Delete build');
		expect(fake.approvals).toEqual([]);
		await dialog.getByRole('button', { name: 'Allow for this session', exact: true }).click();
		await expect
			.poll(() => fake.approvals)
			.toEqual([{ runId: 'run_1', choice: 'session', status: 200 }]);

		const answer = lastArticle(page, 'assistant');
		await expect(answer).toHaveAttribute('data-status', 'complete');
		// Markdown rendered; the answered picker stays in the turn.
		await expect(answer.locator('strong', { hasText: /^all clean$/ })).toBeVisible();
		await expect(answer).toContainText('you chose: Allow for this session');
		await expect(answer).toContainText('It holds 12M.');
		const tool = answer.getByRole('group', { name: 'Tool: terminal', exact: true });
		await expect(tool).toContainText('du -sh build');
		await expect(tool).toContainText('Done in 1.25 s');
		await expect(tool.getByLabel('Output')).toContainText('12M build');
		const reasoning = answer.locator('details', {
			has: page.locator('summary', { hasText: /^Reasoning/ })
		});
		await reasoning.locator('summary').click();
		await expect(reasoning.locator('p')).toHaveText('The user wants the build folder gone.');
		await expect(answer.locator('footer')).toContainText('hermes-e2e · 12 tokens');
		expect(fake.runs[0]).toMatchObject({
			body: { input: 'clean the build', conversation_history: [] },
			authorization: 'Bearer e2e-key'
		});
		expect(fake.runs[0]!.idempotencyKey).toEqual(expect.any(String));
	} finally {
		await fake.close();
	}
});

test('"thinking" shows again after a tool, while the open answer waits for its next words', async ({
	page,
	startGateway
}) => {
	const fake = await startFakeHermes({
		steps: [
			{ event: 'message.delta', delta: 'Let me look at the folder. ' },
			{ event: 'tool.started', tool: 'terminal', preview: 'ls', args: { cmd: 'ls' } },
			{ event: 'approval.request', command: 'ls', description: 'List the folder' },
			{ event: 'tool.completed', tool: 'terminal', duration: 0.5, output_preview: 'a b' },
			{ hold: true }
		]
	});
	try {
		const gateway = await startGateway({ env: { IRIS_AGENT: 'hermes', HERMES_API_URL: fake.url } });
		await pairViaLink(page, gateway);
		const thinking = page.getByText('Hermes is thinking…');
		await sendMessage(page, 'what is in the folder');
		const answer = lastArticle(page, 'assistant');
		// The tool waits for approval; once allowed, it ends and Hermes thinks again, its answer
		// still open with nothing new in it: "thinking", not a cursor alone.
		const dialog = page.getByRole('dialog', { name: 'Approval required', exact: true });
		await dialog.getByRole('button', { name: 'Allow once', exact: true }).click();
		const tool = answer.getByRole('group', { name: 'Tool: terminal', exact: true });
		await expect(tool).toContainText('Done in 0.50 s');
		await expect(answer).toContainText('Let me look at the folder.');
		await expect(answer).toHaveAttribute('data-status', 'streaming');
		await expect(thinking).toBeVisible();
	} finally {
		await fake.close();
	}
});

test('Steer reaches the running Hermes run when Hermes offers steering', async ({
	page,
	startGateway
}) => {
	const fake = await startFakeHermes({
		steps: [
			{ event: 'message.delta', delta: 'Formatting the file. ' },
			{ waitSteer: true },
			{ event: 'message.delta', delta: 'Done.' },
			{ event: 'run.completed', model: 'hermes-e2e' }
		]
	});
	fake.capabilities = { capabilities: ['runs', 'steer'] };
	try {
		const gateway = await startGateway({
			env: { IRIS_AGENT: 'hermes', HERMES_API_URL: fake.url }
		});
		const banner = await gateway.waitForLine(/^\[gateway\] agent: /);
		expect(banner).toContain('capabilities: runs, steer');
		await pairViaLink(page, gateway);
		await sendMessage(page, 'format it');
		const answer = lastArticle(page, 'assistant');
		await expect(answer).toContainText('Formatting the file.');
		await composer(page).fill('use tabs');
		await page.getByRole('button', { name: 'Steer', exact: true }).click();
		await expect(answer).toHaveAttribute('data-status', 'complete');
		// In the order it came: the words before the steer, its beat, the words after it.
		await expect(answer).toContainText(
			/Formatting the file\.\s*Steering: use tabs\s*Steered: use tabs\. Done\./
		);
		expect(fake.steers).toEqual([{ runId: 'run_1', body: { text: 'use tabs' }, status: 200 }]);
		expect(fake.runs).toHaveLength(1);
	} finally {
		await fake.close();
	}
});

test('Hermes down: the gateway shows degraded; once Hermes answers, online and a turn works', async ({
	page,
	startGateway
}) => {
	const fake = await startFakeHermes({
		steps: [{ event: 'message.delta', delta: 'Back online.' }, { event: 'run.completed' }]
	});
	await fake.down();
	try {
		const gateway = await startGateway({
			env: { IRIS_AGENT: 'hermes', HERMES_API_URL: fake.url }
		});
		const banner = await gateway.waitForLine(/^\[gateway\] agent: /);
		expect(banner).toContain('unreachable, retrying');
		await pairViaLink(page, gateway);
		const state = page.getByRole('status', { name: 'Gateway', exact: true });
		await expect(state).toHaveText('Gateway degraded');

		await fake.up();
		await gateway.waitForLine(/Hermes Agent answers again/);
		await expect(state).toHaveText('Gateway online');
		await sendMessage(page, 'are you there?');
		await expect(lastArticle(page, 'assistant')).toContainText('Back online.');
	} finally {
		await fake.close();
	}
});
