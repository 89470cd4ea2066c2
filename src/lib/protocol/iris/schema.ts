/**
 * The validator of each Iris v1 frame: compiled ahead of time from the spec
 * (`frame-schemas.ts` → `scripts/protocol-validators.ts` → `validators.generated.js`), so nothing
 * is compiled at run time and the app's Content-Security-Policy needs no 'unsafe-eval'. A unit
 * test fails when the generated file is older than the spec or our schema reading.
 */
import type { ValidateFunction } from 'ajv';
import validators from './validators.generated.js';
import type { Direction } from './frame-schemas';

export { REQUIRED_FIELDS, type Direction } from './frame-schemas';

/**
 * The validator for one frame type in one direction, or `null` if the spec has no such frame.
 * `type` comes off the wire: only the table's own keys count (`constructor` is unknown).
 */
export function validatorFor(direction: Direction, type: string): ValidateFunction | null {
	const key = `${direction}:${type}`;
	return (Object.hasOwn(validators, key) && validators[key]) || null;
}
