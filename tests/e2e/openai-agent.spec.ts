/**
 * `IRIS_AGENT=openai` in the real app, against the unit tests' fake OpenAI-compatible server
 * written from the streaming format (tests/unit/support/fake-openai.ts): the answer streams
 * with its reasoning shown above it and its tokens in the footer; Stop aborts the request;
 * `/model` lists `GET /models` and the next request asks for the choice; two channels send two
 * separate conversations. (No tools or approvals: this bridge has none, doc/agents.md.)
 */
import { startFakeOpenAI } from '../unit/support/fake-openai';
import { expect, lastArticle, pairViaLink, sendMessage, test } from './fixtures';
import {
	askAndWait,
	createChannel,
	modelDialog,
	openChannel,
	openModelPicker,
	reasoningOf,
	stopButton
} from './agent-support';

test('reasoning above the answer, tokens in the footer; Stop aborts', async ({
	page,
	startGateway
}) => {
	const fake = await startFakeOpenAI({
		reasoning: ['Greeting ', 'the user.'],
		content: ['Hello ', '**there**.'],
		completionTokens: 7
	});
	try {
		const gateway = await startGateway({
			env: { IRIS_AGENT: 'openai', OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'e2e-key' }
		});
		const banner = await gateway.waitForLine(/^\[gateway\] agent: /);
		expect(banner).toBe(
			`[gateway] agent: OpenAI-compatible server at ${fake.baseUrl}, model (first listed)`
		);
		await pairViaLink(page, gateway);
		await sendMessage(page, 'hi');
		const answer = lastArticle(page, 'assistant');
		await expect(answer).toHaveAttribute('data-status', 'complete');
		await expect(answer.locator('strong', { hasText: /^there$/ })).toBeVisible();
		await expect(answer.locator('footer')).toContainText('fake-model · 7 tokens');
		const reasoning = reasoningOf(page, answer);
		await reasoning.locator('summary').click();
		await expect(reasoning.locator('p')).toHaveText('Greeting the user.');
		// Above the answer: the reasoning block comes before the answer's text.
		const above = await answer.evaluate((el) => {
			const details = el.querySelector('details');
			const strong = el.querySelector('strong');
			if (!details || !strong) return false;
			return !!(details.compareDocumentPosition(strong) & Node.DOCUMENT_POSITION_FOLLOWING);
		});
		expect(above).toBe(true);
		expect(fake.requests[0]).toMatchObject({
			model: 'fake-model',
			messages: [{ role: 'user', content: 'hi' }]
		});
		expect(fake.authorizations).toContain('Bearer e2e-key');

		// Stop while the server is still streaming: the request is aborted, the text kept.
		fake.script = { content: ['Once upon a time'], hold: true };
		await sendMessage(page, 'tell a long story');
		const story = lastArticle(page, 'assistant');
		await expect(story).toContainText('Once upon a time');
		await expect(story).toHaveAttribute('data-status', 'streaming');
		await stopButton(page).click();
		await fake.aborted;
		await expect(story).toHaveAttribute('data-status', 'complete');
		await expect(story).toContainText('Once upon a time');
		await expect(stopButton(page)).toBeHidden();
		await expect(page.getByRole('alert')).toHaveCount(0);
		expect(fake.requests).toHaveLength(2);
	} finally {
		await fake.close();
	}
});

test('/model lists the server models; the next request asks for it', async ({
	page,
	startGateway
}) => {
	const fake = await startFakeOpenAI({ content: ['Large answer.'], completionTokens: 2 });
	fake.models = ['fake-model', 'fake-large'];
	try {
		const gateway = await startGateway({
			env: { IRIS_AGENT: 'openai', OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'fake-model' }
		});
		await pairViaLink(page, gateway);
		const listed = await openModelPicker(page);
		await expect(listed.getByRole('button')).toHaveText(['fake-model (current)', 'fake-large']);
		await listed.getByRole('button', { name: 'fake-large', exact: true }).click();
		await expect(modelDialog(page)).toBeHidden();
		await expect(lastArticle(page, 'system')).toContainText(
			'Model for this channel: fake-large. Later answers here use it.'
		);
		expect(fake.requests).toEqual([]);

		await sendMessage(page, 'which model?');
		const answer = lastArticle(page, 'assistant');
		await expect(answer).toHaveAttribute('data-status', 'complete');
		await expect(answer.locator('footer')).toContainText('fake-large · 2 tokens');
		expect(fake.requests.map((r) => r.model)).toEqual(['fake-large']);
	} finally {
		await fake.close();
	}
});

test('two channels send two separate conversations', async ({ page, startGateway }) => {
	const fake = await startFakeOpenAI({ content: ['Noted apples.'] });
	try {
		const gateway = await startGateway({
			env: { IRIS_AGENT: 'openai', OPENAI_BASE_URL: fake.baseUrl }
		});
		await pairViaLink(page, gateway);
		await askAndWait(page, 'apples in General', 'Noted apples.');
		await createChannel(page, 'Work');
		fake.script = { content: ['Noted bananas.'] };
		await askAndWait(page, 'bananas at Work', 'Noted bananas.');
		await openChannel(page, 'General');
		fake.script = { content: ['Noted cherries.'] };
		await askAndWait(page, 'cherries in General', 'Noted cherries.');

		expect(fake.requests.map((r) => r.messages)).toEqual([
			[{ role: 'user', content: 'apples in General' }],
			[{ role: 'user', content: 'bananas at Work' }],
			[
				{ role: 'user', content: 'apples in General' },
				{ role: 'assistant', content: 'Noted apples.' },
				{ role: 'user', content: 'cherries in General' }
			]
		]);
	} finally {
		await fake.close();
	}
});
