import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { IrisDB, type QueuedAnswer } from '../../src/lib/db/schema';
import { applyFrames } from '../../src/lib/db/apply';
import { queueAnswer, queuedAnswers } from '../../src/lib/db/queued-answers';
import {
	QUEUED_ANSWER_MAX_AGE_MS,
	sendQueuedAnswers
} from '../../src/lib/connection/queued-answers';
import { RequestError, RequestTimeoutError } from '../../src/lib/connection/requests';
import type { Link } from '../../src/lib/connection/link';
import type { ServerFrame } from '../../src/lib/protocol/iris/frames';

let n = 0;
const dbs: IrisDB[] = [];
afterEach(async () => {
	for (const db of dbs.splice(0)) await db.delete();
});

/** When the answers in these tests were chosen, epoch ms. */
const NOW = Date.now();

const ack: ServerFrame = { v: 1, type: 'agent.busy', payload: { reason: 'processing' } };

/** A ready link answering each `picker.select` by its picker: a frame, or an error thrown. */
function fakeLink(answers: Record<string, ServerFrame | Error>) {
	const sent: unknown[] = [];
	const link = {
		ready: true,
		request: (frame: { payload: { picker_id: string } }) => {
			sent.push(frame);
			const a = answers[frame.payload.picker_id] ?? ack;
			return {
				id: sent.length,
				answer: a instanceof Error ? Promise.reject(a) : Promise.resolve(a)
			};
		}
	} as unknown as Link;
	return { link, sent };
}

/** A store with open approvals `ids` in chat `c`. */
async function withPickers(...ids: string[]): Promise<IrisDB> {
	const db = new IrisDB(`queued-answers-test-${++n}`);
	dbs.push(db);
	await applyFrames(
		db,
		[
			{ v: 1, type: 'message.start', chat_id: 'c', payload: { message_id: 'a1' } },
			...ids.map((picker_id): ServerFrame => ({
				v: 1,
				type: 'picker.approval',
				chat_id: 'c',
				payload: { picker_id, command: 'ls' }
			}))
		],
		{ defaultChatId: 'default', now: 1 }
	);
	return db;
}

const answer = (picker_id: string, value = 'once', label = 'Allow once'): QueuedAnswer => ({
	picker_id,
	chat_id: 'c',
	value,
	label,
	queued_at: NOW
});

describe('answers queued on a notification', () => {
	it('keep one answer per picker, the latest choice', async () => {
		const db = await withPickers();
		await queueAnswer(db, answer('p1'));
		await queueAnswer(db, answer('p2'));
		await queueAnswer(db, answer('p1', 'deny', 'Deny'));
		expect(await queuedAnswers(db)).toEqual([answer('p2'), answer('p1', 'deny', 'Deny')]);
	});

	it('are sent on the next link: answered, or dropped with the reason when refused', async () => {
		const db = await withPickers('p1', 'p2', 'p3');
		await queueAnswer(db, answer('p1'));
		await queueAnswer(db, answer('p2', 'deny', 'Deny'));
		await queueAnswer(db, answer('p3'));
		const { link, sent } = fakeLink({
			p2: new RequestError('not_found', 'no such picker'),
			p3: new RequestError('internal', 'agent gone')
		});
		const log: string[] = [];
		await sendQueuedAnswers(db, link, (line) => log.push(line));
		expect(sent).toEqual([
			{ type: 'picker.select', chat_id: 'c', payload: { picker_id: 'p1', value: 'once' } },
			{ type: 'picker.select', chat_id: 'c', payload: { picker_id: 'p2', value: 'deny' } },
			{ type: 'picker.select', chat_id: 'c', payload: { picker_id: 'p3', value: 'once' } }
		]);
		expect(await db.pickers.get('p1')).toMatchObject({
			state: 'answered',
			answer: { value: 'once', label: 'Allow once' }
		});
		expect(await db.pickers.get('p2')).toMatchObject({ state: 'expired' });
		expect(await db.pickers.get('p3')).toMatchObject({
			state: 'open',
			error: 'Not sent: agent gone. Try again.'
		});
		expect(await queuedAnswers(db)).toEqual([]);
		expect(log).toHaveLength(3);
	});

	it('wait for the next connection when one gets no answer', async () => {
		const db = await withPickers('p1', 'p2');
		await queueAnswer(db, answer('p1'));
		await queueAnswer(db, answer('p2'));
		const { link, sent } = fakeLink({ p1: new RequestTimeoutError(1) });
		await sendQueuedAnswers(db, link, () => {});
		expect(sent).toHaveLength(1);
		expect(await queuedAnswers(db)).toEqual([answer('p1'), answer('p2')]);
		expect(await db.pickers.get('p1')).toMatchObject({ state: 'open' });
	});

	it('are dropped unsent for a picker answered or closed meanwhile', async () => {
		const db = await withPickers('p1', 'p2');
		await db.pickers.update('p1', { state: 'answered', answer: { value: 'deny', label: 'Deny' } });
		await db.pickers.update('p2', { state: 'expired' });
		await queueAnswer(db, answer('p1'));
		await queueAnswer(db, answer('p2'));
		const { link, sent } = fakeLink({});
		await sendQueuedAnswers(db, link, () => {});
		expect(sent).toEqual([]);
		expect(await queuedAnswers(db)).toEqual([]);
		// The answer given elsewhere stands.
		expect(await db.pickers.get('p1')).toMatchObject({
			state: 'answered',
			answer: { value: 'deny', label: 'Deny' }
		});
	});

	it('are dropped unsent when older than half a day', async () => {
		const db = await withPickers('p1');
		await queueAnswer(db, answer('p1'));
		const { link, sent } = fakeLink({});
		await sendQueuedAnswers(db, link, () => {}, NOW + QUEUED_ANSWER_MAX_AGE_MS + 1);
		expect(sent).toEqual([]);
		expect(await queuedAnswers(db)).toEqual([]);
		expect(await db.pickers.get('p1')).toMatchObject({ state: 'open' });
	});

	it('are sent for a picker this store never saw (the push came while the app was closed)', async () => {
		const db = await withPickers();
		await queueAnswer(db, answer('elsewhere'));
		const { link, sent } = fakeLink({});
		await sendQueuedAnswers(db, link, () => {});
		expect(sent).toHaveLength(1);
		expect(await queuedAnswers(db)).toEqual([]);
		expect(await db.pickers.get('elsewhere')).toBeUndefined();
	});
});
