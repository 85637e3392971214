import { describe, expect, expectTypeOf, it } from 'vitest';
import { EMAIL_ERRORS, INTEREST_ERRORS } from '@/content/form-errors';
import { INTEREST_VISIBLE_FIELDS, LEAD_FIELDS, leadFieldValues, type InterestFields, type LeadErrorKey } from './fields';
import { interestSchema, type InterestInput } from './schema';

const SENTENCES = { interest: INTEREST_ERRORS, email: EMAIL_ERRORS } as const;
const sentenceOf = (key: LeadErrorKey) => {
  const [catalogue, name] = key.split('.') as ['interest' | 'email', string];
  return (SENTENCES[catalogue] as Record<string, string>)[name];
};

const VALID: InterestFields = {
  title: 'Mrs',
  fullname: 'Adaeze Okafor',
  email: 'adaeze@example.com',
  phonenumber: '0803 123 4567',
  district: 'Lugbe, Abuja',
};
/** Values each field's checks refuse, together answered with every sentence the field declares. */
const BAD: Record<keyof InterestFields, unknown[]> = {
  title: [undefined, 'Dr'],
  fullname: [undefined, '', 'A', 'A'.repeat(121), 'Ada\u0007eze', 'Adaeze www.example.com'],
  email: [undefined, '', `${'a'.repeat(250)}@example.com`, 'adaeze-at-example'],
  phonenumber: [undefined, '', '12', '1'.repeat(25), '0803 CALL ME', '(((((((())'],
  district: [undefined, ''],
};

// ./fields.ts keeps the popup's first paint free of Zod, so it defines the fields without the schema; they must stay the schema's.
describe('the lead fields', () => {
  it('are the schema fields the visitor fills, with the same types', () => {
    expectTypeOf<InterestFields>().toEqualTypeOf<Pick<InterestInput, keyof InterestFields>>();
    for (const name of INTEREST_VISIBLE_FIELDS) expect(Object.keys(interestSchema.shape)).toContain(name);
    expect(interestSchema.safeParse(VALID).success).toBe(true);
  });

  it("declare exactly the sentences the schema answers each field's mistakes with", () => {
    for (const field of LEAD_FIELDS) {
      const answered = new Set<string>();
      for (const bad of BAD[field.name]) {
        const result = interestSchema.safeParse({ ...VALID, [field.name]: bad });
        expect(result.success, `${field.name}: ${String(bad)}`).toBe(false);
        for (const issue of result.error!.issues) if (issue.path[0] === field.name) answered.add(issue.message);
      }
      expect([...answered].sort(), field.name).toEqual(field.errors.map(sentenceOf).sort());
    }
  });

  it('take what was typed when it is one of their choices, else the fallback, else their defaults', () => {
    const districts = ['Lugbe, Abuja', 'Moniya, Ibadan'] as const;
    expect(leadFieldValues({}, ['Moniya, Ibadan', 'Lugbe, Abuja'])).toEqual({
      title: 'Mr',
      fullname: '',
      email: '',
      phonenumber: '',
      district: 'Moniya, Ibadan',
    });
    expect(
      leadFieldValues({ title: 'Dr', fullname: 'Ada', district: 'Elsewhere' }, districts, { district: 'Moniya, Ibadan' }),
    ).toMatchObject({
      title: 'Mr',
      fullname: 'Ada',
      district: 'Moniya, Ibadan',
    });
    expect(leadFieldValues({ title: 'Miss', district: 'Lugbe, Abuja' }, districts, { district: 'Moniya, Ibadan' })).toMatchObject({
      title: 'Miss',
      district: 'Lugbe, Abuja',
    });
  });
});
