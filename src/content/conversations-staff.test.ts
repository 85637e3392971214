import { describe, expect, it } from 'vitest';
import { CONVERSATION_STAFF_COPY } from './conversations-staff';

describe('why a message was not delivered, as the lead page says it', () => {
  it('says the codes staff meet most in plain words, keeping the code for whoever asks WhatsApp', () => {
    expect(CONVERSATION_STAFF_COPY.failedBecause('131047 Re-engagement message')).toBe(
      'Not delivered: more than 24 hours had passed since the buyer last wrote (131047)',
    );
    expect(CONVERSATION_STAFF_COPY.failedBecause('131026 Message Undeliverable')).toBe(
      'Not delivered: the number is not on WhatsApp, or could not receive it (131026)',
    );
  });

  it('gives any other reason as the provider gave it', () => {
    expect(CONVERSATION_STAFF_COPY.failedBecause('131000 Something went wrong')).toBe('Not delivered: 131000 Something went wrong');
    expect(CONVERSATION_STAFF_COPY.failedBecause('DND active on the number')).toBe('Not delivered: DND active on the number');
  });
});
