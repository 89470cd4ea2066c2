/**
 * What the gateway answers itself about a scope: `/status` (agent, model, conversation, what
 * runs), `/usage` (tokens) and `/help` (the commands). Pure text builders over the hub's state.
 */
import type { Hub } from '../hub';
import { scopeKey, type Scope } from '../storage/types';
import { catalog } from '../features/commands';
import { controlOf } from '../control/registry';
import { conversationMessages, conversationOf, tokensUsed } from './conversation';
import { currentModel } from './model';
import { code } from './notes';

/** The agent in words (the start-up banner's line; the demo agent when none is configured). */
function agentName(hub: Hub): string {
	return hub.options.agent?.description ?? 'the demo agent (scripted answers)';
}

/** `/status`: agent, model, the conversation and what is running in `scope`. */
export function statusText(hub: Hub, scope: Scope): string {
	const model = currentModel(hub, scope.chat_id);
	const state = conversationOf(hub, scope);
	const kept = conversationMessages(hub, scope).length;
	const control = controlOf(hub);
	const running = control.running(scope);
	const key = scopeKey(scope);
	const waiting = control.allOpen().filter((p) => scopeKey(p.scope) === key).length;
	return [
		'**Status**',
		'',
		`- Agent: ${agentName(hub)}`,
		`- Model: ${model === undefined ? 'the agent’s default' : code(model)}`,
		`- Conversation: ${kept} messages the agent sees` +
			(state.epoch > 0 ? ` (new conversation #${state.epoch})` : ''),
		`- Turn: ${running ? `running (${running.reason})` : 'none running'}` +
			(waiting > 0 ? `, ${waiting} question(s) waiting for an answer` : '')
	].join('\n');
}

/** `/usage`: output tokens the answers reported, in this conversation and in the channel. */
export function usageText(hub: Hub, scope: Scope): string {
	const { total, conversation } = tokensUsed(hub, scope);
	const where = scope.thread_id === undefined ? 'this channel' : 'this thread';
	return [
		'**Usage** (output tokens the answers reported)',
		'',
		`- This conversation: ${conversation}`,
		`- All of ${where}: ${total}`
	].join('\n');
}

/** `/help`: every command of the catalogue with its arguments and description. */
export function helpText(hub: Hub): string {
	const lines = catalog(!hub.options.agent).map((c) => {
		const name = c.args_hint ? `${c.name} ${c.args_hint}` : c.name;
		return `- ${code(name)}${c.description ? ` — ${c.description}` : ''}`;
	});
	return ['**Commands**', '', ...lines].join('\n');
}
