import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { connectionStatus, expect, pairViaLink, startsWith, test } from './fixtures';
import { NEXT_BUILD_DIR } from './global-setup';
import { waitForController } from './pwa-support';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function builtVersion(dir: string): Promise<string> {
	const json = JSON.parse(await readFile(join(ROOT, dir, '_app/version.json'), 'utf8')) as {
		version: string;
	};
	return json.version;
}

/** Every failure a page reports: script errors and app files that did not load. */
function watchErrors(page: Page): string[] {
	const errors: string[] = [];
	page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
	page.on('response', (r) => {
		if (new URL(r.url()).pathname.startsWith('/_app/') && !r.ok()) {
			errors.push(`${r.status()} ${r.url()}`);
		}
	});
	page.on('requestfailed', (r) => errors.push(`failed: ${r.url()}`));
	return errors;
}

const newVersion = (page: Page) =>
	page.getByRole('status').filter({ hasText: startsWith('New version') });

test('a new deploy shows "New version"; Reload switches without chunk errors, other tabs keep working', async ({
	context,
	page,
	gateway,
	startGateway
}) => {
	const [oldVersion, nextVersion] = [
		await builtVersion('build'),
		await builtVersion(NEXT_BUILD_DIR)
	];
	expect(nextVersion).not.toBe(oldVersion);

	await pairViaLink(page, gateway);
	await waitForController(page);
	await expect(page.locator('html')).toHaveAttribute('data-version', oldVersion);
	const errors = watchErrors(page);
	const other = await context.newPage();
	const otherErrors = watchErrors(other);
	await other.goto(gateway.httpUrl);
	await expect(connectionStatus(other)).toHaveText(startsWith('Connected'));
	const oldChunks = await other.evaluate(() =>
		performance
			.getEntriesByType('resource')
			.map((e) => new URL(e.name).pathname)
			.filter((p) => p.startsWith('/_app/immutable/') && p.endsWith('.js'))
	);
	expect(oldChunks.length).toBeGreaterThan(0);

	// Deploy: the gateway restarts on the same port serving the next build.
	await gateway.kill();
	await startGateway({
		port: gateway.port,
		token: gateway.token,
		staticDir: join(ROOT, NEXT_BUILD_DIR)
	});

	// The app reconnects, finds the new worker waiting, and asks; it does not switch by itself.
	await expect(newVersion(page)).toBeVisible();
	await expect(newVersion(other)).toBeVisible();
	await expect(page.locator('html')).toHaveAttribute('data-version', oldVersion);

	await newVersion(page).getByRole('button', { name: 'Reload', exact: true }).click();
	await expect(page.locator('html')).toHaveAttribute('data-version', nextVersion);
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await expect(newVersion(page)).toHaveCount(0);
	expect(errors).toEqual([]);

	// The other tab still runs the old build, and its chunks (gone from the server) still load.
	await expect(other.locator('html')).toHaveAttribute('data-version', oldVersion);
	const statuses = await other.evaluate(
		(paths) => Promise.all(paths.map(async (p) => (await fetch(p)).status)),
		oldChunks
	);
	expect(statuses.every((s) => s === 200)).toBe(true);
	const onServer = await Promise.all(
		oldChunks.map(async (p) => (await page.request.get(`${gateway.httpUrl}${p}`)).status())
	);
	expect(onServer).toContain(404);
	expect(otherErrors).toEqual([]);
});
