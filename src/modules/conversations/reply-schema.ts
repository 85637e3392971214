import '@/lib/validation/zod-config';
import { z } from 'zod';
import { withoutStrayControlCharacters } from '@/lib/validation/text';
import { CONVERSATION_STAFF_COPY } from '@/content/conversations-staff';

const errors = CONVERSATION_STAFF_COPY.errors;

/**
 * The longest reply: a few paragraphs of a chat (seven SMS parts at most), and small enough to come back to the page
 * in its form's cookie when a post without scripts is refused.
 */
export const MAX_REPLY_LENGTH = 1000;

/**
 * POST /api/admin/leads/:id/messages: free text (`text`, its line breaks kept), or the approved follow-up template
 * (`follow_up`, whose words are the template's). As JSON or as the form posts it.
 */
export const replySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('text'),
      text: z
        .string({ error: errors.textEmpty })
        .transform((value) => withoutStrayControlCharacters(value).trim())
        .pipe(z.string().min(1, errors.textEmpty).max(MAX_REPLY_LENGTH, errors.textLong(MAX_REPLY_LENGTH))),
    }),
    z.object({ kind: z.literal('follow_up') }),
  ],
  { error: errors.unreadable },
);
export type Reply = z.infer<typeof replySchema>;
