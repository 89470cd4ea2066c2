/**
 * `npm run screenshots`: the main screens at phone (390×844) and desktop (1280×800) size, in the
 * light and the dark theme, written to doc/screenshots/ as PNGs at device scale 1, with an index
 * (doc/screenshots/README.md). Builds the app if needed, starts its own gateway with demo
 * content on a free port, and stops it afterwards. Not part of `npm test`.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { format, resolveConfig } from 'prettier';
import { Gateway } from '../tests/e2e/fixtures';
import { makeBundles } from '../tests/e2e/make-bundles';
import { ensureBuild } from './ensure-build';
import { DESKTOP, DEVICES, SCREENS, pairSeeded, seed, type Device } from './screenshots/screens';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'doc', 'screenshots');
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
/** Per-step limit (ms) for Playwright's waits: generous, the machine may be loaded. */
const STEP_TIMEOUT_MS = 30_000;

/** A fresh, English, reduced-motion context for `device` in `theme` (System theme follows it). */
async function newContext(browser: Browser, device: Device, theme: Theme): Promise<BrowserContext> {
	const context = await browser.newContext({
		viewport: device.viewport,
		deviceScaleFactor: 1,
		isMobile: device.mobile,
		hasTouch: device.mobile,
		colorScheme: theme,
		reducedMotion: 'reduce',
		locale: 'en-US',
		serviceWorkers: 'block'
	});
	context.setDefaultTimeout(STEP_TIMEOUT_MS);
	return context;
}

/** The PNG file name of `screen` on `device` in `theme`. */
function fileName(screen: string, device: Device, theme: Theme): string {
	return `${screen}-${device.name}-${theme}.png`;
}

/** Captures every screen for one device and theme; returns the files written. */
async function captureSet(
	browser: Browser,
	gateway: Gateway,
	device: Device,
	theme: Theme
): Promise<string[]> {
	const written: string[] = [];
	const context = await newContext(browser, device, theme);
	try {
		const page = await context.newPage();
		const shoot = async (screen: string) => {
			await page.evaluate(() => document.fonts.ready);
			const file = fileName(screen, device, theme);
			await page.screenshot({ path: path.join(OUT, file), animations: 'disabled', caret: 'hide' });
			written.push(file);
		};
		await page.goto(gateway.httpUrl);
		await page.getByRole('button', { name: 'Connect', exact: true }).waitFor();
		await shoot('pairing');
		await pairSeeded(page, gateway);
		for (const screen of SCREENS) {
			if (screen.only && screen.only !== device.name) continue;
			const undo = await screen.show(page);
			await shoot(screen.id);
			if (undo) await undo();
		}
	} finally {
		await context.close();
	}
	return written;
}

/** The index page: one table per device, a row per screen, light and dark side by side. */
function indexPage(): string {
	const lines = [
		'# Screenshots',
		'',
		'The main screens at phone (390×844, touch) and desktop (1280×800) size, in the light and',
		'the dark theme, with the demo gateway’s content. Regenerate them with `npm run screenshots`',
		'(it builds the app if needed and starts its own gateway); commit the result.',
		''
	];
	const captions = [{ id: 'pairing', caption: 'Pairing with a gateway' }, ...SCREENS];
	for (const device of DEVICES) {
		lines.push(
			`## ${device.name === 'phone' ? 'Phone' : 'Desktop'}`,
			'',
			'| screen | light | dark |'
		);
		lines.push('| --- | --- | --- |');
		for (const screen of captions) {
			if ('only' in screen && screen.only && screen.only !== device.name) continue;
			const cells = THEMES.map((theme) => {
				const file = fileName(screen.id, device, theme);
				return `<img src="${file}" alt="${screen.caption}, ${theme}" width="${device.name === 'phone' ? 195 : 320}">`;
			});
			lines.push(`| ${screen.caption} | ${cells.join(' | ')} |`);
		}
		lines.push('');
	}
	return lines.join('\n');
}

async function main(): Promise<void> {
	const started = Date.now();
	if (!ensureBuild(ROOT, '[screenshots]')) process.exit(1);
	rmSync(OUT, { recursive: true, force: true });
	mkdirSync(OUT, { recursive: true });
	const dataDir = mkdtempSync(path.join(tmpdir(), 'iris-screenshots-'));
	// The gateway starts from the tests' bundle (tests/e2e/bundles.ts), made fresh here.
	await makeBundles();
	const gateway = await Gateway.start({ stepMs: 2, testHooks: false, dataDir });
	const browser = await chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run']
	});
	try {
		const seeding = await newContext(browser, DESKTOP, 'light');
		await seed(await seeding.newPage(), gateway);
		await seeding.close();
		for (const device of DEVICES) {
			for (const theme of THEMES) {
				const files = await captureSet(browser, gateway, device, theme);
				console.log(`[screenshots] ${device.name} ${theme}: ${files.length} screens`);
			}
		}
	} finally {
		await browser.close();
		await gateway.stop();
		rmSync(dataDir, { recursive: true, force: true });
	}
	// Formatted as `npm run lint` expects (prettier --check).
	const index = path.join(OUT, 'README.md');
	const options = { ...(await resolveConfig(index)), filepath: index };
	writeFileSync(index, await format(indexPage(), options));
	const bytes = readdirSync(OUT).reduce((sum, f) => sum + statSync(path.join(OUT, f)).size, 0);
	const seconds = Math.round((Date.now() - started) / 1000);
	console.log(`[screenshots] ${OUT}: ${Math.round(bytes / 1024)} kB in ${seconds} s`);
}

await main();
