import { describe, expect, expectTypeOf, it } from 'vitest';
import { INTEREST_VISIBLE_FIELDS, type InterestFields } from './fields';
import { interestSchema, type InterestInput } from './schema';

// ./fields.ts keeps the popup's first paint free of Zod, so it spells the five fields out; they must stay the schema's.
describe('the popup fields', () => {
  it('are the schema fields the visitor fills, with the same types', () => {
    expectTypeOf<InterestFields>().toEqualTypeOf<Pick<InterestInput, keyof InterestFields>>();
    for (const name of INTEREST_VISIBLE_FIELDS) expect(Object.keys(interestSchema.shape)).toContain(name);
  });
});
