/**
 * The v3 relay in the real app (doc/v3-relay.md): the gateway with `IRIS_AGENT=v3`, a fake Hermes
 * Chat v3 agent connected at `/ws/agent?api_key=`, and the app paired in the project's dialect
 * (Iris or v3). The agent's streamed answer shows as the assistant's answer, markdown rendered.
 */
import { FakeV3Agent } from '../unit/support/fake-v3-agent';
import type { V3FrameOf } from '../../src/lib/protocol/hermes-v3';
import { expect, lastArticle, pairViaLink, sendMessage, test } from './fixtures';

const KEY = 'e2e-agent-key';

test('a connected v3 agent answers the app, streamed', async ({ page, startGateway }) => {
	const gateway = await startGateway({ env: { IRIS_AGENT: 'v3', IRIS_V3_AGENT_KEY: KEY } });
	await gateway.waitForLine(/^\[gateway\] v3 agents: /);
	const agentUrl = `${gateway.httpUrl.replace(/^http/, 'ws')}/ws/agent`;
	const agent = await FakeV3Agent.connect(agentUrl, KEY);
	try {
		await pairViaLink(page, gateway);
		await sendMessage(page, 'hello agent');
		await expect.poll(() => agent.frames.some((f) => f.type === 'text')).toBe(true);
		const asked = agent.frames.find((f) => f.type === 'text') as V3FrameOf<'text'>;
		expect(asked).toMatchObject({ to: 'hermes', data: { text: 'hello agent' } });
		agent.stream(asked, ['Hello ', 'from the **agent**.']);

		const answer = lastArticle(page, 'assistant');
		await expect(answer).toHaveAttribute('data-status', 'complete');
		await expect(answer).toContainText('Hello from the agent.');
		await expect(answer.locator('strong', { hasText: /^agent$/ })).toBeVisible();
		expect(agent.invalid).toEqual([]);
	} finally {
		await agent.close();
	}
});
