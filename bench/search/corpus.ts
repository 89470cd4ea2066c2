/**
 * Deterministic mixed-language messages for bench scenario Q: English chat (a Zipf-like
 * vocabulary), Chinese sentences, French with diacritics, and code-ish lines, in 12 channels.
 * The rare word occurs in about 1 message in 10,000; the common word in about 1 in 4.
 */
import type { MessagePayload } from '../../src/lib/protocol/iris/frames';
import { prng } from '../../tests/unit/support/prng';

/** Words the queries use, and how often the corpus holds them. */
export const RARE = 'xylophone';
export const COMMON = 'project';
export const PREFIX = 'deploy';

const EN =
	`the a to and of in is it you that for on with this be are we can have not was but what about
	all will there if do one so up out just time now new how get like when make need think know
	server build test release update change issue review meeting plan team data model result
	customer budget report design feature branch merge commit config cache query index search
	deploy deployment deployed deploying error warning latency memory network storage backup
	tomorrow today week month quarter morning afternoon evening please thanks sure okay maybe`.split(
		/\s+/
	);
const FR = `le la les un une des et est à été très déjà café réunion équipe problème résumé
	données prochaine semaine système mise à jour déploiement sécurité élève naïve`.split(/\s+/);
const ZH_PARTS = [
	'我们',
	'明天',
	'讨论',
	'数据库',
	'服务器',
	'部署',
	'项目',
	'会议',
	'问题',
	'已经',
	'完成',
	'测试',
	'用户',
	'需要',
	'更新',
	'报告',
	'下周',
	'计划',
	'性能',
	'优化'
];

/** Syllables of made-up names, identifiers and typos: a large tail of rare tokens, as real chat has. */
const SYLLABLES = 'ka ri to men sa lo vi ne qu ar bel dor fin gal hu jo kel mar nu pra'.split(' ');

/** `count` messages in `channels` channels, oldest first, `ts` one second apart from `t0`. */
export function corpus(count: number, channels = 12, t0 = 1_700_000_000_000): MessagePayload[][] {
	const rnd = prng(42);
	const zipf = (words: string[]) => words[Math.floor(words.length * rnd() ** 2.2)]!;
	const byChannel: MessagePayload[][] = Array.from({ length: channels }, () => []);
	for (let i = 0; i < count; i++) {
		const kind = rnd();
		let text: string;
		if (kind < 0.15) {
			text = Array.from(
				{ length: 4 + Math.floor(rnd() * 10) },
				() => ZH_PARTS[Math.floor(rnd() * ZH_PARTS.length)]
			).join('');
			if (rnd() < 0.3) text += '。';
		} else if (kind < 0.22) {
			text = Array.from({ length: 6 + Math.floor(rnd() * 14) }, () => zipf(FR)).join(' ');
		} else {
			const words = Array.from({ length: 5 + Math.floor(rnd() * 40) }, () => zipf(EN));
			if (rnd() < 0.22) words.splice(Math.floor(rnd() * words.length), 0, COMMON);
			if (rnd() < 0.4) {
				const name = Array.from(
					{ length: 2 + Math.floor(rnd() * 3) },
					() => SYLLABLES[Math.floor(rnd() * SYLLABLES.length)]
				).join('');
				words.splice(Math.floor(rnd() * words.length), 0, name, `#${Math.floor(rnd() * 50_000)}`);
			}
			text = words.join(' ');
			text = text[0]!.toUpperCase() + text.slice(1) + '.';
			if (rnd() < 0.05) text += `\n\`\`\`\nnpm run build -- --mode=${zipf(EN)}\n\`\`\``;
		}
		if (i % 10_007 === 5_003) text += ` ${RARE} ${COMMON}`;
		const channel = Math.floor(rnd() * channels);
		byChannel[channel]!.push({
			message_id: `q${i}`,
			role: rnd() < 0.45 ? 'user' : 'assistant',
			text,
			ts: t0 + i * 1000
		});
	}
	return byChannel;
}
