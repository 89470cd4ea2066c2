/**
 * The Hermes Agent bridge's controls in the real app, against the unit tests' fake written from
 * the runs API's formats (tests/unit/support/fake-hermes.ts): Stop during a run posts the run's
 * stop once and keeps what streamed; `/model` lists `/v1/models` and the choice is asked for
 * (and named under the answer) in the next run; two channels are two Hermes sessions, each
 * with its own history. (hermes-agent.spec.ts covers tools, approvals, steering, down then up.)
 */
import type { FakeHermesScript } from '../unit/support/fake-hermes';
import { startFakeHermes } from '../unit/support/fake-hermes';
import { expect, lastArticle, pairViaLink, sendMessage, test } from './fixtures';
import {
	askAndWait,
	createChannel,
	modelDialog,
	openChannel,
	openModelPicker,
	stopButton
} from './agent-support';

/** A run that answers `text` and completes. */
const answering = (text: string): FakeHermesScript => ({
	steps: [{ event: 'message.delta', delta: text }, { event: 'run.completed' }]
});

test('Stop during a run keeps what streamed and stops the run once', async ({
	page,
	startGateway
}) => {
	const fake = await startFakeHermes({
		steps: [{ event: 'message.delta', delta: 'Counting the files: 1, 2' }, { hold: true }]
	});
	try {
		const gateway = await startGateway({
			env: { IRIS_AGENT: 'hermes', HERMES_API_URL: fake.url }
		});
		await pairViaLink(page, gateway);
		await sendMessage(page, 'count the files');
		const answer = lastArticle(page, 'assistant');
		await expect(answer).toContainText('Counting the files: 1, 2');
		await expect(answer).toHaveAttribute('data-status', 'streaming');
		const stopped = fake.stopped();
		await stopButton(page).click();
		expect(await stopped).toBe('run_1');
		await expect(answer).toHaveAttribute('data-status', 'complete');
		await expect(stopButton(page)).toBeHidden();
		await expect(page.getByRole('alert')).toHaveCount(0);

		// The next turn runs normally, and the stopped run was stopped exactly once.
		fake.script = answering('Next one.');
		await askAndWait(page, 'next', 'Next one.');
		expect(fake.stops).toEqual(['run_1']);
		expect(fake.runs).toHaveLength(2);
	} finally {
		await fake.close();
	}
});

test('/model lists /v1/models; the next run asks for the chosen model', async ({
	page,
	startGateway
}) => {
	// run.completed names no model: the footer must name the one asked for.
	const fake = await startFakeHermes({
		steps: [
			{ event: 'message.delta', delta: 'Using the large one.' },
			{ event: 'run.completed', usage: { output_tokens: 5 } }
		]
	});
	fake.models = ['hermes-agent', 'hermes-large'];
	try {
		const gateway = await startGateway({
			env: { IRIS_AGENT: 'hermes', HERMES_API_URL: fake.url }
		});
		await pairViaLink(page, gateway);
		const listed = await openModelPicker(page);
		await expect(listed.getByRole('button')).toHaveText(['hermes-agent', 'hermes-large']);
		await listed.getByRole('button', { name: 'hermes-large', exact: true }).click();
		await expect(modelDialog(page)).toBeHidden();
		await expect(lastArticle(page, 'system')).toContainText(
			'Model for this channel: hermes-large. Later answers here use it.'
		);
		// The command is the gateway's: it started no run.
		expect(fake.runs).toEqual([]);

		await sendMessage(page, 'which model?');
		const answer = lastArticle(page, 'assistant');
		await expect(answer).toHaveAttribute('data-status', 'complete');
		await expect(answer.locator('footer')).toContainText('hermes-large · 5 tokens');
		expect(fake.runs).toHaveLength(1);
		expect(fake.runs[0]!.body).toMatchObject({ input: 'which model?', model: 'hermes-large' });
	} finally {
		await fake.close();
	}
});

test('two channels are two sessions, each run sees only its channel', async ({
	page,
	startGateway
}) => {
	const fake = await startFakeHermes(answering('Noted.'));
	try {
		const gateway = await startGateway({
			env: { IRIS_AGENT: 'hermes', HERMES_API_URL: fake.url }
		});
		await pairViaLink(page, gateway);
		fake.script = answering('Noted apples.');
		await askAndWait(page, 'apples in General', 'Noted apples.');
		await createChannel(page, 'Work');
		fake.script = answering('Noted bananas.');
		await askAndWait(page, 'bananas at Work', 'Noted bananas.');
		await openChannel(page, 'General');
		fake.script = answering('Noted cherries.');
		await askAndWait(page, 'cherries in General', 'Noted cherries.');

		const [general1, work, general2] = fake.runs.map((run) => run.body);
		expect(fake.runs).toHaveLength(3);
		expect(general1!.session_id).toMatch(/^iris-/);
		expect(general2!.session_id).toBe(general1!.session_id);
		expect(work!.session_id).toMatch(/^iris-/);
		expect(work!.session_id).not.toBe(general1!.session_id);
		expect(general1!.conversation_history).toEqual([]);
		expect(work!.conversation_history).toEqual([]);
		expect(general2!.conversation_history).toEqual([
			{ role: 'user', content: 'apples in General' },
			{ role: 'assistant', content: 'Noted apples.' }
		]);
	} finally {
		await fake.close();
	}
});
