/**
 * Helpers for the accessibility audit (axe.spec.ts): run axe-core on the page as it is, and
 * reach screens through the UI contract's accessible names only (doc/ui-contract.md), so the
 * audit keeps working when markup and layout change.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures';

/** The rule sets audited: WCAG 2.0–2.2 A and AA, plus axe's best practices. */
export const AXE_TAGS = [
	'wcag2a',
	'wcag2aa',
	'wcag21a',
	'wcag21aa',
	'wcag22aa',
	'best-practice'
] as const;

/** One axe finding, reduced to what a person fixing it needs. */
export interface Finding {
	rule: string;
	impact: string;
	help: string;
	/** CSS selectors of the offending nodes (at most a few). */
	targets: string[];
	/** axe's own explanation for the first node (e.g. the contrast ratio it measured). */
	summary: string;
}

/**
 * Waits until every finite CSS animation and transition on the page has finished (a dialog
 * fading in would be measured half transparent), ignoring infinite ones (spinners, carets).
 */
export async function settle(page: Page): Promise<void> {
	await page.evaluate(async () => {
		const finite = document
			.getAnimations()
			.filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
		await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
	});
}

/**
 * Runs axe-core on the whole page (after `settle`), attaches the full result to the test as
 * `axe-<label>.json`, and returns every violation as a `Finding`.
 */
export async function audit(page: Page, testInfo: TestInfo, label: string): Promise<Finding[]> {
	await settle(page);
	// Only violations are reported: axe then skips building selectors for every passing node
	// (its documented performance option), most of an audit's time on a long page.
	const results = await new AxeBuilder({ page })
		.withTags([...AXE_TAGS])
		.options({ resultTypes: ['violations'] })
		.analyze();
	await testInfo.attach(`axe-${label}.json`, {
		body: JSON.stringify(results.violations, null, 2),
		contentType: 'application/json'
	});
	return results.violations.map((violation) => ({
		rule: violation.id,
		impact: violation.impact ?? 'unknown',
		help: violation.help,
		targets: violation.nodes.slice(0, 4).map((node) => node.target.join(' ')),
		summary: violation.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? ''
	}));
}

/**
 * Audits the page and fails the test on any violation, naming the screen (`label`), rule, nodes
 * and axe's measurement, so the failure message alone says what to fix. A soft assertion: the
 * test goes on to audit its other screens, and one run lists everything that is wrong.
 */
export async function expectAccessible(
	page: Page,
	testInfo: TestInfo,
	label: string
): Promise<void> {
	const findings = await audit(page, testInfo, label);
	expect.soft(findings, `axe violations on "${label}"`).toEqual([]);
}

/** The channel overflow menu's button, if the header folds its actions into one. */
function overflowMenuButton(page: Page): Locator {
	return page
		.getByRole('button', { name: /^(more|channel|menu|options|actions)/i })
		.and(page.locator('[aria-haspopup]'));
}

/**
 * Starts the open channel's action `name` (`New thread`, `Rename`, `Delete`): a button in the
 * header, or an item of its overflow menu, opening that menu first when needed.
 */
export async function channelAction(page: Page, name: string): Promise<void> {
	const action = page
		.getByRole('button', { name, exact: true })
		.or(page.getByRole('menuitem', { name, exact: true }))
		.filter({ visible: true })
		.first();
	if (!(await action.isVisible())) {
		await overflowMenuButton(page).filter({ visible: true }).first().click();
	}
	await action.click();
}

/** Opens the Settings page from the chat (a link or a button named `Settings`). */
export async function openSettings(page: Page): Promise<void> {
	const settings = page
		.getByRole('link', { name: 'Settings', exact: true })
		.or(page.getByRole('button', { name: 'Settings', exact: true }))
		.filter({ visible: true })
		.first();
	if (!(await settings.isVisible())) {
		// On a phone it may live in the drawer.
		await page.getByRole('button', { name: 'Channels', exact: true }).click();
	}
	await settings.click();
	await expect(page).toHaveURL(/\/settings/);
	await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
}

/** The phone drawer: a dialog or navigation named `Channels`. */
export function channelsDrawer(page: Page): Locator {
	return page
		.getByRole('dialog', { name: 'Channels', exact: true })
		.or(page.getByRole('navigation', { name: 'Channels', exact: true }))
		.filter({ visible: true })
		.first();
}
