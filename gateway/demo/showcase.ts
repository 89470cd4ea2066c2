/**
 * `/demo showcase`: one answer with what an answer can hold, for a person trying the demo to see
 * the app's rendering: a code block (highlighted, with Copy), inline and display math (KaTeX), a
 * diagram (Mermaid), a table and a task list. Streamed like any answer.
 */
import { runControlled } from '../control/run-controlled';
import { registerScenario } from './scenarios';

/** The answer's markdown (also what the tests check for). */
export const SHOWCASE_ANSWER = [
	'## What an answer can hold',
	'',
	'**Code**, highlighted, with a Copy button:',
	'',
	'```python',
	'def fibonacci(n: int) -> list[int]:',
	'    """The first n Fibonacci numbers."""',
	'    numbers = [0, 1]',
	'    while len(numbers) < n:',
	'        numbers.append(numbers[-1] + numbers[-2])',
	'    return numbers[:n]',
	'```',
	'',
	'**Math**, inline as $e^{i\\pi} + 1 = 0$, or on a line of its own:',
	'',
	'$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$',
	'',
	'**A diagram:**',
	'',
	'```mermaid',
	'flowchart TD',
	'    You -->|message| Gateway',
	'    Gateway -->|turn| Hermes',
	'    Hermes -->|answer| You',
	'```',
	'',
	'**A table:**',
	'',
	'| Part | Drawn by |',
	'| --- | --- |',
	'| Code | highlight.js |',
	'| Math | KaTeX |',
	'| Diagrams | Mermaid |',
	'',
	'**A task list:**',
	'',
	'- [x] Pair this device',
	'- [ ] Try `/demo approval`'
].join('\n');

registerScenario('showcase', (hub, scope, _args, signal) =>
	runControlled(hub, scope, signal, async (ctx) => {
		ctx.start();
		await ctx.stream(SHOWCASE_ANSWER);
	})
);
