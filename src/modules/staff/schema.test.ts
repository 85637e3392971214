import { describe, expect, it } from 'vitest';
import { STAFF_COPY } from '@/content/staff';
import { createStaffSchema, updateStaffSchema } from './schema';

describe('staff names', () => {
  it('refuse control characters with their sentence (PostgreSQL refuses a NUL in text)', () => {
    const account = { email: 'ada@example.com', role: 'agent' };
    for (const name of ['Ada\u0000', 'Ada\nObi', 'Ada\tObi']) {
      expect(createStaffSchema.safeParse({ ...account, name }).error?.issues[0]?.message).toBe(STAFF_COPY.errors.nameCharacters);
      expect(updateStaffSchema.safeParse({ name }).error?.issues[0]?.message).toBe(STAFF_COPY.errors.nameCharacters);
    }
    expect(createStaffSchema.parse({ ...account, name: ' Adaeze Obi-Okafor ' }).name).toBe('Adaeze Obi-Okafor');
    expect(updateStaffSchema.parse({ name: "Ngozi O'Neil" }).name).toBe("Ngozi O'Neil");
  });

  it('lose bidirectional and other invisible format characters, so a name shows as it is stored (issue 57 item 8)', () => {
    const account = { email: 'ada@example.com', role: 'agent' };
    expect(createStaffSchema.parse({ ...account, name: '\u202eAda\u200b Obi\u2066\u2069' }).name).toBe('Ada Obi');
    expect(updateStaffSchema.parse({ name: '\u2067Bola\u2069 \u00adAde' }).name).toBe('Bola Ade');
    expect(updateStaffSchema.safeParse({ name: '\u202e\u200f' }).error?.issues[0]?.message).toBe(STAFF_COPY.errors.nameEmpty);
  });
});

describe('a new account (docs/decisions/0347-invitations-not-initial-passwords.md)', () => {
  it('takes no password from the owner, nor a new one for someone else', () => {
    const account = { email: 'ada@example.com', name: 'Ada', role: 'agent' };
    expect(createStaffSchema.safeParse(account).success).toBe(true);
    expect(createStaffSchema.safeParse({ ...account, password: 'Lagos-Sales-Desk-2026' }).error?.issues[0]?.message).toBe(
      STAFF_COPY.errors.noPasswordForOthers,
    );
    expect(updateStaffSchema.safeParse({ password: 'Lagos-Sales-Desk-2026' }).success).toBe(false);
  });
});
