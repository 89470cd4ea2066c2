import {
	expect,
	lastArticle,
	messageLog,
	pairViaLink,
	readMessageRows,
	sendMessage,
	test
} from './fixtures';
import { testHookFetch } from './faults';

/** `slowAnswer()` of gateway/demo/anatomy.ts (that module pulls the gateway's JSON schema in). */
const SLOW_ANSWER = `A slow answer: ${Array.from({ length: 100 }, (_, i) => `word${i + 1}`).join(' ')}. Done.`;

test('a disconnect mid-stream loses nothing and duplicates nothing', async ({ page, gateway }) => {
	// `/demo slow` streams for ~20 s; a reconnect (1 s backoff) comes on top.
	test.setTimeout(120_000);
	await pairViaLink(page, gateway);
	await sendMessage(page, '/demo slow');
	const reply = lastArticle(page, 'assistant');
	await expect(reply).toHaveAttribute('data-status', 'streaming');
	await expect(reply).toContainText('word5');
	const opened = gateway.connectionsOpened();

	// Cut every socket, as a network drop would (no close handshake).
	const res = await testHookFetch(gateway, '/__test/drop', { method: 'POST' });
	expect(((await res.json()) as { dropped: number }).dropped).toBeGreaterThanOrEqual(1);
	await expect.poll(() => gateway.connectionsOpened()).toBeGreaterThan(opened);

	// The same bubble completes with every word once: what streamed while the link was down was
	// replayed (Iris `sync`) or held and delivered (v3), and applied without duplication.
	await expect(reply).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });
	await expect(reply).toContainText('word100. Done.');
	await expect(messageLog(page).locator('article[data-role="assistant"]')).toHaveCount(1);
	await expect
		.poll(async () => (await readMessageRows(page)).map((r) => [r.role, r.status, r.text]).sort())
		.toEqual([
			['assistant', 'complete', SLOW_ANSWER],
			['user', 'complete', '/demo slow']
		]);
});
