import '@/lib/validation/zod-config';
import { z } from 'zod';

/**
 * The browser's answer to a passkey ceremony (what @simplewebauthn/browser returns), sent as JSON by a page's script:
 * its shape is checked here, its contents by @simplewebauthn/server. `error` is the sentence of a refusal.
 */
export const passkeyAnswerSchema = (error: string) =>
  z
    .object(
      {
        response: z
          .object({
            id: z.string().min(1).max(1400),
            rawId: z.string().min(1).max(1400),
            type: z.literal('public-key'),
            response: z.looseObject({ clientDataJSON: z.string().min(1).max(4096) }),
          })
          .loose(),
      },
      { error },
    )
    .strict()
    .refine((answer) => JSON.stringify(answer).length <= 16_000, error);
