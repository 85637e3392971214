import { expect, it } from 'vitest';
import { getLead, saveLead } from '@/modules/leads/submissions.repository.server';
import { interestSchema } from '@/modules/leads/form/schema';
import { describeEachDriver, newKey, validLead } from './helpers';

describeEachDriver('concurrent saves', (ctx) => {
  it('answers every concurrent save with the id of its own lead', async () => {
    const inputs = Array.from({ length: 200 }, (_, i) => ({ key: newKey(), email: `c${i}-${Date.now()}@example.com` }));
    const results = await Promise.all(
      inputs.map(({ key, email }) =>
        saveLead(ctx.handle().db, { input: interestSchema.parse(validLead({ email })), idempotencyKey: key, spam: false }),
      ),
    );
    const mismatches = [];
    for (let i = 0; i < inputs.length; i++) {
      const row = await getLead(ctx.handle().db, results[i].id);
      if (row?.idempotencyKey !== inputs[i].key) mismatches.push({ i, got: row?.idempotencyKey, want: inputs[i].key });
    }
    expect(mismatches).toEqual([]);
  });
});
