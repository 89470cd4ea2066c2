import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The gateway serves the built SPA; without it every test would fail with a confusing 404. */
export default function globalSetup(): void {
	const index = fileURLToPath(new URL('../../build/index.html', import.meta.url));
	if (!existsSync(index)) {
		throw new Error(
			`[e2e] ${index} is missing: run npm run build before the end-to-end tests (npm run test:e2e).`
		);
	}
}
