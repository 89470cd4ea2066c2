import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale, useCatalogue, type Locale } from '../../src/lib/i18n/catalogues';
import * as zhCN from '../../src/lib/i18n/paraglide/messages/zh-CN.js';
import { outboxReason } from '../../src/lib/state/outbox-reason';

useCatalogue('zh-CN', zhCN);
const speak = (locale: Locale) => overwriteGetLocale(() => locale);

describe('outboxReason', () => {
	afterEach(() => speak('en'));

	it('says the worker’s own reasons in the reader’s language', () => {
		speak('zh-CN');
		expect(outboxReason('Not delivered')).toBe('未送达');
		expect(outboxReason('Not delivered: no answer from the gateway')).toBe('未送达：网关没有回应');
		expect(outboxReason('Not delivered: this channel no longer exists on the gateway')).toBe(
			'未送达：网关上已没有这个频道'
		);
		expect(outboxReason('Waiting: the gateway limits how fast messages go; retrying in 12 s')).toBe(
			'等待中：网关限制了发送速度，12 秒后重试'
		);
	});

	it('keeps the gateway’s own words, after a translated prefix', () => {
		speak('zh-CN');
		expect(outboxReason('Not delivered: the message is too long')).toBe(
			'未送达：the message is too long'
		);
		speak('en');
		expect(outboxReason('Not delivered: the message is too long')).toBe(
			'Not delivered: the message is too long'
		);
		expect(outboxReason('something else entirely')).toBe('something else entirely');
	});
});
