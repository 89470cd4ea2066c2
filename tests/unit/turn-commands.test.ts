import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { IrisDB } from '../../src/lib/db/schema';
import { applyFrames } from '../../src/lib/db/apply';
import { TurnCommands } from '../../src/lib/connection/turn-commands';
import { RequestError } from '../../src/lib/connection/requests';
import type { Link } from '../../src/lib/connection/link';
import type { ServerFrame } from '../../src/lib/protocol/iris/frames';

let n = 0;
const dbs: IrisDB[] = [];
afterEach(async () => {
	for (const db of dbs.splice(0)) await db.delete();
});

/** A link whose requests are recorded and answered by `answer` (a frame, or an error to throw). */
function fakeLink(answer: (frame: { type: string }) => ServerFrame | Error) {
	const requests: { type: string; chat_id?: string; payload: unknown }[] = [];
	const link = {
		request: (frame: { type: string; chat_id?: string; payload: unknown }) => {
			requests.push(frame);
			const a = answer(frame);
			return {
				id: requests.length,
				answer: a instanceof Error ? Promise.reject(a) : Promise.resolve(a)
			};
		}
	} as unknown as Link;
	return { link, requests };
}

async function setup(link: Link | null) {
	const db = new IrisDB(`turn-commands-test-${++n}`);
	dbs.push(db);
	const sent: { chat_id: string; text: string }[] = [];
	const commands = new TurnCommands({
		db,
		link: () => link,
		send: async (input) => {
			sent.push(input);
			return 'c1';
		},
		log: () => {}
	});
	await applyFrames(
		db,
		[
			{ v: 1, type: 'message.start', chat_id: 'c', payload: { message_id: 'a1' } },
			{ v: 1, type: 'picker.approval', chat_id: 'c', payload: { picker_id: 'p1', command: 'ls' } }
		],
		{ defaultChatId: 'default', now: 1 }
	);
	return { db, commands, sent };
}

const idle: ServerFrame = { v: 1, type: 'agent.busy', payload: { reason: 'processing' } };

describe('TurnCommands.selectPicker', () => {
	it('stores the answer, sends picker.select once, and marks it answered on the ack', async () => {
		const { link, requests } = fakeLink(() => idle);
		const { db, commands } = await setup(link);
		await commands.selectPicker({ picker_id: 'p1', value: 'once', label: 'Allow once' });
		await commands.selectPicker({ picker_id: 'p1', value: 'deny', label: 'Deny' });
		expect(requests).toEqual([
			{ type: 'picker.select', chat_id: 'c', payload: { picker_id: 'p1', value: 'once' } }
		]);
		expect(await db.pickers.get('p1')).toMatchObject({
			state: 'answered',
			answer: { value: 'once', label: 'Allow once' }
		});
	});

	it('not_found expires the picker; another failure or no link reopens it with the reason', async () => {
		const gone = await setup(fakeLink(() => new RequestError('not_found', 'no open picker')).link);
		await gone.commands.selectPicker({ picker_id: 'p1', value: 'once', label: 'Allow once' });
		expect(await gone.db.pickers.get('p1')).toMatchObject({ state: 'expired' });

		const offline = await setup(null);
		await offline.commands.selectPicker({ picker_id: 'p1', value: 'once', label: 'Allow once' });
		const row = await offline.db.pickers.get('p1');
		expect(row).toMatchObject({ state: 'open', error: expect.stringMatching(/not connected/) });

		const broken = await setup(fakeLink(() => new Error('connection closed')).link);
		await broken.commands.selectPicker({ picker_id: 'p1', value: 'deny', label: 'Deny' });
		expect(await broken.db.pickers.get('p1')).toMatchObject({
			state: 'open',
			error: expect.stringMatching(/connection closed/)
		});
	});
});

describe('TurnCommands stop and steer', () => {
	it('steer sends agent.steer in the scope; refused or offline it becomes a message', async () => {
		const { link, requests } = fakeLink((f) =>
			f.type === 'agent.steer'
				? { v: 1, type: 'commentary', payload: { text: 'Steering: x' } }
				: idle
		);
		const ok = await setup(link);
		expect(await ok.commands.steer({ chat_id: 'c', text: 'x' })).toBe('steered');
		expect(requests).toEqual([{ type: 'agent.steer', chat_id: 'c', payload: { text: 'x' } }]);
		expect(ok.sent).toEqual([]);

		const refused = await setup(fakeLink(() => new RequestError('not_found', 'no turn')).link);
		expect(await refused.commands.steer({ chat_id: 'c', text: 'y' })).toBe('sent');
		expect(refused.sent).toEqual([{ chat_id: 'c', text: 'y' }]);

		const offline = await setup(null);
		expect(await offline.commands.steer({ chat_id: 'c', text: 'z' })).toBe('sent');
		expect(offline.sent).toEqual([{ chat_id: 'c', text: 'z' }]);
	});

	it('stop sends agent.stop in the scope, and rejects when not connected', async () => {
		const { link, requests } = fakeLink(() => ({ v: 1, type: 'agent.idle', payload: {} }));
		const { commands } = await setup(link);
		await commands.stop({ chat_id: 'c' });
		expect(requests).toEqual([{ type: 'agent.stop', chat_id: 'c', payload: {} }]);
		const offline = await setup(null);
		await expect(offline.commands.stop({ chat_id: 'c' })).rejects.toThrow(/Not connected/);
	});
});
