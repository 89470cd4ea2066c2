/**
 * End-to-end fixtures: a real reference gateway per test, and helpers written against the UI
 * contract (doc/ui-contract.md). Only accessible names, roles and the
 * documented data-* attributes are used, so the UI can change its markup freely.
 */
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { MessageRow } from '../../src/lib/db/schema';
import { nonConformant } from './frames';
import { Gateway } from './gateway-process';
import type { Dialect, GatewayOptions } from './gateway-options';

export { expect, Gateway };
export { freePort, type Dialect, type DialectOption, type GatewayOptions } from './gateway-options';

interface Fixtures {
	/** The dialect under test (Playwright projects `iris` and `v3`, playwright.config.ts). */
	dialect: Dialect;
	/** Options for the test's `gateway` (`test.use({ gatewayOptions: { stepMs: 40 } })`). */
	gatewayOptions: GatewayOptions;
	/** Starts another gateway (e.g. a restart on `gateway.port`), stopped after the test. */
	startGateway: (options?: GatewayOptions) => Promise<Gateway>;
	/** A gateway started for this test and stopped after it. */
	gateway: Gateway;
}

export const test = base.extend<Fixtures>({
	dialect: ['iris', { option: true }],
	gatewayOptions: [{}, { option: true }],

	startGateway: async ({ gatewayOptions, dialect }, use, testInfo) => {
		const started: Gateway[] = [];
		try {
			await use(async (options = {}) => {
				// Every gateway records its frames: the schema check below runs after every test.
				const recordFrames = testInfo.outputPath(`frames-${started.length + 1}.jsonl`);
				const gateway = await Gateway.start({
					recordFrames,
					dataDir: testInfo.outputPath(`data-${started.length + 1}`),
					dialect,
					...gatewayOptions,
					...options,
					// The test's environment plus this gateway's own (e.g. an allowed origin).
					env: { ...gatewayOptions.env, ...options.env }
				});
				started.push(gateway);
				return gateway;
			});
		} finally {
			const failed = testInfo.status !== testInfo.expectedStatus;
			for (const [i, gateway] of started.entries()) {
				if (failed) {
					await testInfo.attach(`gateway-${i + 1}.log`, {
						body: gateway.output.join('\n'),
						contentType: 'text/plain'
					});
				}
			}
			// On failure kill at once (no graceful shutdown to wait for); otherwise stop cleanly.
			await Promise.all(started.map((gateway) => (failed ? gateway.kill() : gateway.stop())));
		}
		// Conformance: every frame the app sent and the gateway sent fits the schema.
		if (testInfo.status === testInfo.expectedStatus) {
			for (const gateway of started) {
				if (!gateway.recordFile) continue;
				// A recording cut short (gateway/recorder.ts) would check only what it caught.
				const stopped = gateway.output.filter((l) => l.includes('frame recording stopped'));
				expect(stopped, 'the frame recording stopped').toEqual([]);
				expect(await nonConformant(gateway.recordFile), 'frames off the schema').toEqual([]);
			}
		}
	},

	gateway: async ({ startGateway }, use) => {
		await use(await startGateway());
	}
});

// ---- UI contract ------------------------------------------------------------------------------

/** Matches text that starts (after whitespace) with one of `words`: `startsWith('Connected')`. */
export function startsWith(...words: string[]): RegExp {
	return new RegExp(`^\\s*(?:${words.join('|')})`);
}

export const connectionStatus = (page: Page): Locator =>
	page.getByRole('status', { name: 'Connection', exact: true });

export const messageLog = (page: Page): Locator =>
	page.getByRole('log', { name: 'Messages', exact: true });

export const composer = (page: Page): Locator =>
	page.getByRole('textbox', { name: 'Message', exact: true });

export const sendButton = (page: Page): Locator =>
	page.getByRole('button', { name: 'Send', exact: true });

export const channelLink = (page: Page, name: string): Locator =>
	page.getByRole('navigation', { name: 'Channels', exact: true }).getByRole('link', {
		name,
		exact: true
	});

/** The last message `article` of `role` (`user`, `assistant`, …) in the message log. */
export function lastArticle(page: Page, role: string): Locator {
	return messageLog(page).locator(`article[data-role="${role}"]`).last();
}

/** The user's article with `text` (strict: fails if the message shows twice). */
export function userMessage(page: Page, text: string): Locator {
	return messageLog(page).locator('article[data-role="user"]', { hasText: text });
}

/** The demo agent's reply to `userText`: the reply quotes it (gateway/demo-agent.ts). */
export function replyTo(page: Page, userText: string): Locator {
	return messageLog(page).locator('article[data-role="assistant"]', { hasText: userText });
}

/** Options for a second gateway that the app served by `app` may connect to (another origin). */
export function servingAppOf(app: Gateway) {
	return { env: { IRIS_ALLOWED_ORIGINS: app.httpUrl } };
}

/** A pairing link opened on the app of `app`'s origin that names the gateway `target`. */
export function linkTo(app: Gateway, target: Gateway): string {
	return (
		`${app.httpUrl}/pair#url=${encodeURIComponent(target.wsUrl)}` +
		`&token=${encodeURIComponent(target.token)}`
	);
}

/** Opens the pairing link and waits until the app reports `Connected` and shows a channel. */
export async function pairViaLink(page: Page, gateway: Gateway): Promise<void> {
	await page.goto(gateway.pairingLink);
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	// "Connected" can show on the home route, before it moves on to the default channel; that
	// move closes the phone's channel drawer, so a test that opened it first would lose it.
	await expect(page).toHaveURL(/\/chat\//);
}

/** Fills and submits the pairing form; does not wait for the outcome (it may be a rejection). */
export async function pairViaForm(
	page: Page,
	gateway: Gateway,
	token = gateway.token
): Promise<void> {
	await page.goto(gateway.httpUrl);
	await page.getByRole('textbox', { name: 'Gateway URL', exact: true }).fill(gateway.wsUrl);
	await page.getByRole('textbox', { name: 'Token', exact: true }).fill(token);
	await page.getByRole('button', { name: 'Connect', exact: true }).click();
}

/** Types `text` into the composer, clicks Send, and returns the user's article once shown. */
export async function sendMessage(page: Page, text: string): Promise<Locator> {
	await composer(page).fill(text);
	await sendButton(page).click();
	const article = userMessage(page, text);
	// Shown at once; or, when a fast reply (which quotes it) already pushed it out of the
	// virtualized list's rendered rows, that reply is.
	await expect(article.or(replyTo(page, text)).first()).toBeVisible();
	return article;
}

/**
 * Reads the app's IndexedDB (`iris`, store `messages`) with the raw API, no Dexie: `id` gives
 * one row (or undefined), no `id` gives all rows. Never creates the database: if it does not
 * exist yet the upgrade is aborted and the answer is "nothing".
 */
async function readMessages(page: Page, id?: string): Promise<MessageRow[]> {
	return page.evaluate(
		(id) =>
			new Promise<MessageRow[]>((resolve, reject) => {
				// No version: open whatever version the app created.
				const open = indexedDB.open('iris');
				let missing = false;
				open.onupgradeneeded = () => {
					missing = true;
					open.transaction?.abort();
				};
				open.onerror = () => {
					if (missing) resolve([]);
					else reject(new Error(`indexedDB.open('iris'): ${open.error?.message}`));
				};
				open.onsuccess = () => {
					const db = open.result;
					if (!db.objectStoreNames.contains('messages')) {
						db.close();
						resolve([]);
						return;
					}
					const store = db.transaction('messages', 'readonly').objectStore('messages');
					const request = id === undefined ? store.getAll() : store.get(id);
					request.onsuccess = () => {
						db.close();
						const result = request.result as MessageRow | MessageRow[] | undefined;
						resolve(result === undefined ? [] : Array.isArray(result) ? result : [result]);
					};
					request.onerror = () => {
						db.close();
						reject(new Error(`reading messages: ${request.error?.message}`));
					};
				};
			}),
		id
	);
}

/** One stored message by `message_id`, read with raw IndexedDB; undefined when absent. */
export async function readMessageRow(
	page: Page,
	message_id: string
): Promise<MessageRow | undefined> {
	return (await readMessages(page, message_id))[0];
}

/** Every stored message. */
export async function readMessageRows(page: Page): Promise<MessageRow[]> {
	return readMessages(page);
}

/** Chooses `name` (e.g. `Rename`) in the header's `Channel actions` menu. */
export async function channelAction(page: Page, name: string): Promise<void> {
	await page.getByRole('button', { name: 'Channel actions', exact: true }).click();
	await page
		.getByRole('menu', { name: 'Channel actions' })
		.getByRole('menuitem', { name, exact: true })
		.click();
}
