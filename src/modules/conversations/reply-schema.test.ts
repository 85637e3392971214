import { describe, expect, it } from 'vitest';
import { MAX_REPLY_LENGTH, replySchema } from './reply-schema';

const error = (value: unknown) => {
  const parsed = replySchema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe('a reply from the lead page', () => {
  it('takes free text as typed, its line breaks kept and its edges trimmed, and stray control characters dropped', () => {
    expect(replySchema.parse({ kind: 'text', text: '  Good morning Ma,\n\nthe plots in Lugbe start at ₦8.5m.\u0000 ' })).toEqual({
      kind: 'text',
      text: 'Good morning Ma,\n\nthe plots in Lugbe start at ₦8.5m.',
    });
  });

  it('takes the follow-up template without any words of the agent’s', () => {
    expect(replySchema.parse({ kind: 'follow_up', text: 'ignored' })).toEqual({ kind: 'follow_up' });
  });

  it('refuses an empty or overlong reply, and anything else, each with its sentence', () => {
    expect(error({ kind: 'text', text: ' \n ' })).toBe('Write a reply before sending.');
    expect(error({ kind: 'text' })).toBe('Write a reply before sending.');
    expect(error({ kind: 'text', text: 'a'.repeat(MAX_REPLY_LENGTH + 1) })).toBe('A reply can be at most 1,000 characters.');
    expect(replySchema.safeParse({ kind: 'text', text: 'a'.repeat(MAX_REPLY_LENGTH) }).success).toBe(true);
    for (const wrong of [{}, { kind: 'template' }, { text: 'Hello' }, null, 'text'])
      expect(error(wrong), JSON.stringify(wrong)).toBe('Write a reply, or choose the follow-up template.');
  });
});
