import { withoutContactDetails } from '@/lib/log';

/**
 * What an owner, a monitor or a log may be told of a delivery's last error (docs/decisions/0302 and 0112): the
 * receiver's own words without addresses or phone numbers (rows stored before 0344 may still hold them), on one line,
 * cut short.
 */
const MAX = 160;

export function errorKind(lastError: string | null | undefined): string | null {
  if (!lastError) return null;
  const kind = withoutContactDetails(lastError).replace(/\s+/g, ' ').trim();
  return kind.length > MAX ? `${kind.slice(0, MAX - 1)}…` : kind;
}
