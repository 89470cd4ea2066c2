/**
 * Which agent answers, from the environment (`IRIS_AGENT`, doc/agents.md):
 *
 * | variable          | meaning                                                         |
 * | ----------------- | --------------------------------------------------------------- |
 * | `IRIS_AGENT`      | `demo` (default) or `openai`                                    |
 * | `OPENAI_BASE_URL` | with `openai`: the server's base URL up to `/v1` (required)     |
 * | `OPENAI_API_KEY`  | with `openai`: bearer key, if the server wants one              |
 * | `OPENAI_MODEL`    | with `openai`: model name; default the first `/models` lists    |
 */
import type { Agent } from './agent';
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
	return { error: `IRIS_AGENT must be "demo" or "openai", got "${kind}"` };
}
