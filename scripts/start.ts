/**
 * `npm start`: build the app only when the build is missing or older than its sources
 * (./ensure-build.ts), quietly, then run the gateway (gateway/main.ts) in this process, so
 * signals reach it directly. With `IRIS_STATIC_DIR` the app there is served as is.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from './ensure-build';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (!process.env.IRIS_STATIC_DIR && !ensureBuild(root, '[start]')) process.exit(1);
await import('../gateway/main');
