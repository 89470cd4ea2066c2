/**
 * Which agent answers, from the environment (`IRIS_AGENT`, doc/agents.md):
 *
 * | variable          | meaning                                                          |
 * | ----------------- | ---------------------------------------------------------------- |
 * | `IRIS_AGENT`      | `demo` (default), `openai` or `hermes`                           |
 * | `OPENAI_BASE_URL` | with `openai`: the server's base URL up to `/v1` (required)      |
 * | `OPENAI_API_KEY`  | with `openai`: bearer key, if the server wants one               |
 * | `OPENAI_MODEL`    | with `openai`: model name; default the first `/models` lists     |
 * | `HERMES_API_URL`  | with `hermes`: the API server, default `http://127.0.0.1:8642`   |
 * | `HERMES_API_KEY`  | with `hermes`: its `API_SERVER_KEY` (bearer)                     |
 * | `HERMES_MODEL`    | with `hermes`: model to ask for; default Hermes' configured one  |
 */
import type { Agent } from './agent';
import { DEFAULT_HERMES_URL, HermesAgent } from './hermes';
import { OpenAIAgent } from './openai';

/** The chosen agent (`undefined`: the demo agent), or an error saying what to set. */
export function agentFromEnv(env: NodeJS.ProcessEnv): { agent?: Agent } | { error: string } {
	const kind = env.IRIS_AGENT || 'demo';
	if (kind === 'demo') return {};
	if (kind === 'openai') {
		const base = env.OPENAI_BASE_URL;
		if (!base || !/^https?:\/\//.test(base)) {
			return { error: 'IRIS_AGENT=openai needs OPENAI_BASE_URL, e.g. http://127.0.0.1:11434/v1' };
		}
		return {
			agent: new OpenAIAgent({
				baseUrl: base,
				...(env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY } : {}),
				...(env.OPENAI_MODEL ? { model: env.OPENAI_MODEL } : {})
			})
		};
	}
	if (kind === 'hermes') {
		const url = env.HERMES_API_URL || DEFAULT_HERMES_URL;
		if (!/^https?:\/\//.test(url)) {
			return { error: `HERMES_API_URL must be an http(s) URL, e.g. ${DEFAULT_HERMES_URL}` };
		}
		return {
			agent: new HermesAgent({
				url,
				...(env.HERMES_API_KEY ? { apiKey: env.HERMES_API_KEY } : {}),
				...(env.HERMES_MODEL ? { model: env.HERMES_MODEL } : {})
			})
		};
	}
	return { error: `IRIS_AGENT must be "demo", "openai" or "hermes", got "${kind}"` };
}
