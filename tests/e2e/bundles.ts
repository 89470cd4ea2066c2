/**
 * Code the end-to-end tests run outside Playwright's loader, bundled once per run by the global
 * setup (./make-bundles.ts): the gateway, started as a process by every test (~250 times a run;
 * under `node --import tsx` each start compiled and resolved ~100 modules, ~0.6 s of CPU, a
 * bundle starts in ~0.2 s), and the frame check, imported once per worker (./frames.ts). Same
 * source, same esbuild transform as tsx.
 *
 * They sit one level below the repository root, so the gateway's `import.meta.url`-relative
 * repository root (gateway/main.ts) is the same as from its source.
 */

/** The reference gateway (gateway/main.ts), relative to the repository root. */
export const GATEWAY_BUNDLE = 'build-gateway/main.mjs';

/** The recorded-frame check (./check-frames.ts), relative to the repository root. */
export const FRAME_CHECK_BUNDLE = 'build-gateway/check-frames.mjs';
