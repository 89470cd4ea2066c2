/**
 * `/demo bench-stream [updates] [per_second] [bytes]`: deterministic frame replay for `npm run bench`
 * (scenario S1). Streams one assistant answer of `bytes` characters (default 20,000: headings,
 * paragraphs, code, a table, lists) in `updates` `message.update`s (default 2,000), each with the
 * full text so far, at a fixed `per_second` rate (default 100) on a drift-free schedule. The text
 * and the split points are the same on every run.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { frame, type ServerFrame } from '../../src/lib/protocol/iris';
import { DEMO_MODEL, demoTokens } from '../demo-agent';
import { codeSample } from './code-samples';
import { registerScenario, type Scenario } from './scenarios';

/** The answer the bench streams: `bytes` characters of typical agent markdown. */
export function benchAnswer(bytes: number): string {
	const parts: string[] = [];
	let length = 0;
	for (let i = 0; length < bytes; i++) {
		const part = section(i);
		parts.push(part);
		length += part.length;
	}
	return parts.join('').slice(0, bytes);
}

function section(i: number): string {
	const code = Array.from(
		{ length: 12 },
		(_, k) => `  const value${k} = compute(${i}, ${k}); // step ${k} of section ${i}`
	).join('\n');
	const rows = Array.from(
		{ length: 6 },
		(_, k) => `| item ${i}.${k} | ${(i * 7 + k) % 13} | ${k % 2 ? 'ok' : 'pending'} |`
	).join('\n');
	return (
		`## Section ${i}\n\n` +
		`This paragraph explains step ${i} in some detail, with *emphasis*, **strong words**, ` +
		`\`inline code\` and a [link](https://example.com/${i}). It goes on for a while so that ` +
		`the answer reads like a real one.\n\n` +
		`- first point of section ${i}\n- second point, with \`code\`\n  - a nested detail\n` +
		`- third point\n\n` +
		`1. ordered one\n2. ordered two\n3. ordered three\n\n` +
		`\`\`\`ts\nfunction section${i}() {\n${code}\n  return value0;\n}\n\`\`\`\n\n` +
		`| Name | Count | State |\n|------|------:|:-----:|\n${rows}\n\n` +
		`> A quoted remark about section ${i}.\n\n`
	);
}

/** Languages of the code-heavy answer's fences, in turn (six languages, ten fences). */
const CODE_LANGS = ['python', 'typescript', 'bash', 'rust', 'go', 'sql'];

/**
 * The code-heavy answer (`/demo bench-code`): `bytes` characters, ten fenced blocks in six
 * languages between short paragraphs with inline math (`$…$`, `\(…\)`) and display math (`$$…$$`).
 */
export function benchCodeAnswer(bytes: number): string {
	const fences = 10;
	const prose = (i: number) =>
		`### Step ${i + 1}\n\nWith $x_${i}^2 + y_${i}^2 = r^2$ and \\(\\alpha_${i} \\le \\beta\\), the cost is ` +
		`$O(n \\log n)$; the code below does it (costs $3.50 or $4 per run).\n\n` +
		`$$\\sum_{k=1}^{n} k^${(i % 3) + 1} = \\frac{n(n+1)}{2} \\cdot \\int_0^1 t\\,dt$$\n\n`;
	const proseLength = Array.from({ length: fences }, (_, i) => prose(i).length).reduce(
		(a, b) => a + b
	);
	const perFence = Math.max(200, Math.floor((bytes - proseLength) / fences) - 12);
	const parts = Array.from({ length: fences }, (_, i) => {
		const lang = CODE_LANGS[i % CODE_LANGS.length]!;
		return `${prose(i)}\`\`\`${lang}\n${codeSample(lang, perFence).slice(0, perFence).replace(/\n?$/, '\n')}\`\`\`\n\n`;
	});
	return parts.join('').padEnd(bytes, ' ').slice(0, bytes);
}

for (const [name, answer] of [
	['bench-stream', benchAnswer],
	['bench-code', benchCodeAnswer]
] as const) {
	registerScenario(name, (hub, scope, args, signal) =>
		streamBench(hub, scope, args, signal, answer)
	);
}

/** Stream `answer(bytes)` as one assistant message (the scenario's arguments, see the top). */
async function streamBench(
	...[hub, scope, args, signal, answer]: [...Parameters<Scenario>, (bytes: number) => string]
): Promise<void> {
	const [updates = 2000, perSecond = 100, bytes = 20_000] = args
		.split(/\s+/)
		.filter(Boolean)
		.map(Number);
	// Updates are not recorded: 2,000 full texts would bloat the replay log (`sync` sends the stop).
	const emit = (f: ServerFrame, record = true): void => hub.broadcast(f, { record });
	const text = answer(bytes);
	const message_id = hub.messages.nextMessageId();
	const ts = hub.clock.next();
	emit(frame('agent.busy', { reason: 'processing' as const }, scope));
	emit(frame('message.start', { message_id, role: 'assistant' as const, ts }, scope));
	const stepMs = 1000 / perSecond;
	const start = performance.now();
	for (let i = 1; i <= updates; i++) {
		const wait = start + i * stepMs - performance.now();
		if (wait > 0) await sleep(wait, undefined, { signal });
		const end = Math.round((i * text.length) / updates);
		emit(frame('message.update', { message_id, text: text.slice(0, end) }, scope), false);
	}
	const tokens = demoTokens(text);
	hub.atomically(() => {
		emit(frame('message.stop', { message_id, final_text: text, model: DEMO_MODEL, tokens }, scope));
		hub.messages.add({
			scope,
			message: { message_id, role: 'assistant', text, model: DEMO_MODEL, tokens, ts }
		});
	});
	emit(frame('agent.idle', {}, scope));
}
