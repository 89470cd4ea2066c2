/**
 * Helpers for the agent bridge specs (hermes-controls.spec.ts, openai-agent.spec.ts), written
 * against the UI contract: Stop, the `/model` picker, a reasoning block, a second channel.
 */
import type { Locator, Page } from '@playwright/test';
import { channelLink, composer, expect, lastArticle } from './fixtures';

/** The composer's Stop button (shown while a turn runs). */
export const stopButton = (page: Page): Locator =>
	page.getByRole('button', { name: 'Stop', exact: true });

/** The `picker.model` dialog. */
export const modelDialog = (page: Page): Locator =>
	page.getByRole('dialog', { name: 'Choose a model', exact: true });

/**
 * Sends `/model` from the composer and returns the picker's group of the server's own models
 * (gateway/commands/model.ts lists them under "Available models").
 */
export async function openModelPicker(page: Page): Promise<Locator> {
	await composer(page).fill('/model');
	await composer(page).press('Enter');
	return modelDialog(page).getByRole('group', { name: 'Available models', exact: true });
}

/** The reasoning block of `answer` (a `details` whose summary starts with "Reasoning"). */
export function reasoningOf(page: Page, answer: Locator): Locator {
	return answer.locator('details', { has: page.locator('summary', { hasText: /^Reasoning/ }) });
}

/**
 * Sends `text` and waits until the last answer contains `reply` and is complete. `reply` must be
 * new to the channel (the fake's script names it per turn), or an earlier answer would match.
 */
export async function askAndWait(page: Page, text: string, reply: string): Promise<Locator> {
	await composer(page).fill(text);
	await page.getByRole('button', { name: 'Send', exact: true }).click();
	const answer = lastArticle(page, 'assistant');
	await expect(answer).toContainText(reply);
	await expect(answer).toHaveAttribute('data-status', 'complete');
	return answer;
}

/** Creates the channel `name` from the sidebar; resolves once it is the open one. */
export async function createChannel(page: Page, name: string): Promise<void> {
	await page.getByRole('button', { name: 'New channel', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: 'New channel', exact: true });
	await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
	await dialog.getByRole('button', { name: 'Create', exact: true }).click();
	await expect(channelLink(page, name)).toHaveAttribute('aria-current', 'page');
}

/** Opens the channel `name` from the sidebar; resolves once it is the open one. */
export async function openChannel(page: Page, name: string): Promise<void> {
	await channelLink(page, name).click();
	await expect(channelLink(page, name)).toHaveAttribute('aria-current', 'page');
}
