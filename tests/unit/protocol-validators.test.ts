import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED, generateValidators } from '../../scripts/protocol-validators';
import { frameSchemaKeys } from '../../src/lib/protocol/iris/frame-schemas';
import validators from '../../src/lib/protocol/iris/validators.generated.js';

describe('precompiled frame validators', () => {
	it('match the spec and our schema reading (else run `npm run protocol:validators`)', () => {
		expect(readFileSync(GENERATED, 'utf8')).toBe(generateValidators());
	});

	it('cover every frame of the spec, and compile nothing at run time', () => {
		expect(Object.keys(validators).sort()).toEqual(frameSchemaKeys());
		expect(readFileSync(GENERATED, 'utf8')).not.toMatch(/new Function|\beval\(|require\(/);
	});
});
