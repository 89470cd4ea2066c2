/**
 * The layer rules are enforced by the lint step itself: the repository's own ESLint config
 * (eslint.config.js, rule `layers/imports`) is run through ESLint's Node API on snippets that
 * stand in for a file of each layer (the path of an existing file, so type-aware rules can run;
 * its content is the snippet, not the file on disk). A wrong import must fail; a right one not.
 */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The `rule` messages for `code` linted as the file at `path` (from the repo root). */
async function layerErrors(path: string, code: string, rule = 'layers/imports'): Promise<string[]> {
	const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` });
	const messages = result?.messages ?? [];
	// A parsing error would hide every rule: fail loudly instead of passing for the wrong reason.
	expect(messages.filter((m) => m.fatal)).toEqual([]);
	return messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const svelte = (script: string) => `<script lang="ts">\n${script}\n</script>\n\n<p>{x}</p>\n`;

describe(
	'lint: dependencies point one way (doc/architecture.md "Layers")',
	{ timeout: 120_000 },
	() => {
		it('refuses an upward import in db/ (the store must not know the page)', async () => {
			const errors = await layerErrors(
				'src/lib/db/meta.ts',
				"import { app } from '../state/app.svelte';\nexport const x = app;\n"
			);
			expect(errors).toEqual([expect.stringContaining('src/lib/db may not import src/lib/state')]);
		});

		it('refuses a component reaching into the worker, and allows it state', async () => {
			const path = 'src/lib/components/common/StatusBar.svelte';
			expect(
				await layerErrors(
					path,
					svelte("\timport { IrisClient } from '$lib/connection/client';\n\tconst x = IrisClient;")
				)
			).toEqual([expect.stringContaining('src/lib/components may not import src/lib/connection')]);
			expect(
				await layerErrors(
					path,
					svelte("\timport { app } from '$lib/state/app.svelte';\n\tconst x = app;")
				)
			).toEqual([]);
		});

		it('refuses a route starting the connection itself (only state/ goes through handle/)', async () => {
			const errors = await layerErrors(
				'src/routes/+page.svelte',
				svelte("\timport { startWorker } from '$lib/handle/worker';\n\tconst x = startWorker;")
			);
			expect(errors).toEqual([expect.stringContaining('src/routes may not import src/lib/handle')]);
		});

		it('keeps bridge/ types only: a value import fails, a type import passes', async () => {
			const path = 'src/lib/bridge/search.ts';
			expect(
				await layerErrors(
					path,
					"import { getMeta } from '../db/meta';\nexport const x = getMeta;\n"
				)
			).toEqual([expect.stringContaining('src/lib/bridge may not import src/lib/db')]);
			expect(
				await layerErrors(
					path,
					"import type { IrisDB } from '../db/schema';\nexport type X = IrisDB;\n"
				)
			).toEqual([]);
		});

		it('refuses the connection layer any UI package, and state/ the connection', async () => {
			expect(
				await layerErrors(
					'src/lib/connection/serial.ts',
					"import { tick } from 'svelte';\nexport const x = tick;\n"
				)
			).toEqual([expect.stringContaining('src/lib/connection must not use "svelte"')]);
			expect(
				await layerErrors(
					'src/lib/state/drafts.ts',
					"import { IrisClient } from '../connection/client';\nexport const x = IrisClient;\n"
				)
			).toEqual([expect.stringContaining('src/lib/state may not import src/lib/connection')]);
		});

		it('refuses the bench module outside the two start-up points', async () => {
			const errors = await layerErrors(
				'src/lib/state/drafts.ts',
				"import { installBench } from '../bench/page';\nexport const x = installBench;\n"
			);
			expect(errors).toEqual([
				expect.stringContaining('src/lib/state may not import src/lib/bench')
			]);
		});

		it("refuses Dexie's raw liveQuery outside LiveQuery (a quiet one keeps every commit)", async () => {
			const code = "import { liveQuery } from 'dexie';\nexport const x = liveQuery;\n";
			const rule = 'no-restricted-imports';
			expect(await layerErrors('src/lib/state/drafts.ts', code, rule)).toEqual([
				expect.stringContaining('Use LiveQuery')
			]);
			expect(await layerErrors('src/lib/state/live.svelte.ts', code, rule)).toEqual([]);
			const property = "import { Dexie } from 'dexie';\nexport const x = Dexie.liveQuery;\n";
			expect(
				await layerErrors('src/lib/state/drafts.ts', property, 'no-restricted-properties')
			).toEqual([expect.stringContaining('Use LiveQuery')]);
		});
	}
);
