import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { IrisDB } from '../../src/lib/db/schema';
import { enqueue } from '../../src/lib/db/outbox';
import { quoteSnippet } from '../../src/lib/components/conversation/actions/quote-text';

const dbs: IrisDB[] = [];
afterEach(async () => {
	for (const db of dbs.splice(0)) await db.delete();
});

describe('reply', () => {
	it('a reply keeps reply_to on its outbox row and on the message shown', async () => {
		const db = new IrisDB('reply-test');
		dbs.push(db);
		await enqueue(db, { client_msg_id: 'c1', chat_id: 'a', text: 'yes', now: 1, reply_to: 'm7' });
		expect((await db.outbox.get('c1'))?.reply_to).toBe('m7');
		expect((await db.messages.get('local:c1'))?.reply_to).toBe('m7');
		await enqueue(db, { client_msg_id: 'c2', chat_id: 'a', text: 'plain', now: 2 });
		expect(await db.outbox.get('c2')).not.toHaveProperty('reply_to');
	});

	it('the quote is one line of text without markdown markers, cut with an ellipsis', () => {
		expect(quoteSnippet('## Demo reply\n\nYou said:\n\n> **hi** `x`')).toBe(
			'Demo reply You said: hi x'
		);
		const long = quoteSnippet('word '.repeat(40));
		expect(long).toHaveLength(80);
		expect(long.endsWith('…')).toBe(true);
	});
});
