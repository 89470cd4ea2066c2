/**
 * `npm run token:rotate`: replace the pairing token in the data directory (`IRIS_DATA_DIR`,
 * default `.iris`). A running gateway on that directory takes the new token within a second and
 * closes the connections paired with the old one; every device must pair again with the new
 * link. Without a gateway running, the next start uses it. `IRIS_TOKEN`, when set, overrides the
 * file: then change that instead.
 */
import path from 'node:path';
import { newToken, readToken, writeToken } from '../gateway/storage/data-dir';

const dataDir = path.resolve(process.cwd(), process.env.IRIS_DATA_DIR || '.iris');
const had = readToken(dataDir) !== undefined;
const token = newToken();
writeToken(dataDir, token);
console.log(`[token] ${had ? 'new' : 'first'} token written to ${path.join(dataDir, 'token')}`);
console.log(`[token] token: ${token}`);
console.log(
	'[token] the old token is refused now: pair every device again (npm start prints the link)'
);
if (process.env.IRIS_TOKEN) {
	console.log(
		'[token] note: IRIS_TOKEN is set here, and a gateway started with it ignores the file'
	);
}
