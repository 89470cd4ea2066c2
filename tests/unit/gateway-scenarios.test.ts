import { describe, expect, it } from 'vitest';
import { findScenario, registerScenario, scenarioNames } from '../../gateway/demo/scenarios';

describe('demo scenarios', () => {
	const noop = async () => {};

	it('finds a registered scenario by name and passes the rest as args', () => {
		registerScenario('unit-test-a', noop);
		expect(findScenario('/demo unit-test-a  one two')).toEqual({ scenario: noop, args: 'one two' });
		expect(findScenario('  /demo unit-test-a')).toEqual({ scenario: noop, args: '' });
		expect(scenarioNames()).toContain('unit-test-a');
	});

	it('plain text and unknown names are not scenarios', () => {
		expect(findScenario('hello /demo unit-test-a')).toBeUndefined();
		expect(findScenario('/demo nothing-here')).toBeUndefined();
	});

	it('refuses a second registration under one name', () => {
		registerScenario('unit-test-b', noop);
		expect(() => registerScenario('unit-test-b', noop)).toThrow(/twice/);
	});
});
