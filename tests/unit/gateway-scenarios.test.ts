import { describe, expect, it } from 'vitest';
import {
	findScenario,
	registerScenario,
	registerUnknown,
	scenarioNames
} from '../../gateway/demo/scenarios';

describe('demo scenarios', () => {
	const noop = async () => {};

	it('finds a registered scenario by name and passes the rest as args', () => {
		registerScenario('unit-test-a', noop);
		expect(findScenario('/demo unit-test-a  one two')).toEqual({ scenario: noop, args: 'one two' });
		expect(findScenario('  /demo unit-test-a')).toEqual({ scenario: noop, args: '' });
		expect(scenarioNames()).toContain('unit-test-a');
	});

	it('plain text is not a scenario; nor, with no answer registered, an unknown name', () => {
		expect(findScenario('hello /demo unit-test-a')).toBeUndefined();
		expect(findScenario('/demonstrate')).toBeUndefined();
		expect(findScenario('/demo nothing-here')).toBeUndefined();
		expect(findScenario('/demo')).toBeUndefined();
	});

	it('/demo alone or an unknown name gets the registered answer, told the name asked for', () => {
		const asked: string[] = [];
		registerUnknown((name) => {
			asked.push(name);
			return noop;
		});
		expect(findScenario('/demo')).toEqual({ scenario: noop, args: '' });
		expect(findScenario(' /demo nothing-here  more')).toEqual({ scenario: noop, args: '' });
		expect(asked).toEqual(['', 'nothing-here']);
		expect(findScenario('/demo unit-test-a')?.scenario).toBe(noop);
		expect(asked).toHaveLength(2);
	});

	it('refuses a second registration under one name', () => {
		registerScenario('unit-test-b', noop);
		expect(() => registerScenario('unit-test-b', noop)).toThrow(/twice/);
	});
});
