/**
 * Which agent answers, from the environment (`IRIS_AGENT`, doc/agents.md):
 *
 * | variable          | meaning                                                          |
 * | ----------------- | ---------------------------------------------------------------- |
 * | `IRIS_AGENT`      | `demo` (default), `openai`, `hermes` or `v3`                     |
 * | `OPENAI_BASE_URL` | with `openai`: the server's base URL up to `/v1` (required)      |
 * | `OPENAI_API_KEY`  | with `openai`: bearer key, if the server wants one               |
 * | `OPENAI_MODEL`    | with `openai`: model name; default the first `/models` lists     |
 * | `HERMES_API_URL`  | with `hermes`: the API server, default `http://127.0.0.1:8642`   |
 * | `HERMES_API_KEY`  | with `hermes`: its `API_SERVER_KEY` (bearer)                     |
 * | `HERMES_MODEL`    | with `hermes`: model to ask for; default Hermes' configured one  |
 * | `IRIS_V3_AGENT_KEY` | with `v3`: the `api_key` agents connect with (doc/v3-relay.md) |
 *
 * With any value but `demo`, v3 apps' messages go to the v3 agents connected at `/ws/agent`
 * (`error{offline}` while none is); `v3` sends the Iris apps' messages there too.
 */
import type { Agent } from './agent';
import { DEFAULT_HERMES_URL, HermesAgent } from './hermes';
import { OpenAIAgent } from './openai';
import { V3IrisAgent } from '../v3/iris-agent';

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
	if (kind === 'v3') return { agent: new V3IrisAgent(Boolean(env.IRIS_V3_AGENT_KEY)) };
	return { error: `IRIS_AGENT must be "demo", "openai", "hermes" or "v3", got "${kind}"` };
}
