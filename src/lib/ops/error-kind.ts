/**
 * What an owner, a monitor or a log may be told of a delivery's last error (docs/decisions/0302 and 0112): the
 * receiver's own words with every e-mail address taken out (an SMTP refusal quotes the recipient, who may be a
 * visitor), on one line, cut short. The full reason stays on the notification's row for staff.
 */
const ADDRESS = /<?[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+>?/g;
const MAX = 160;

export function errorKind(lastError: string | null | undefined): string | null {
  if (!lastError) return null;
  const kind = lastError.replace(ADDRESS, '[address]').replace(/\s+/g, ' ').trim();
  return kind.length > MAX ? `${kind.slice(0, MAX - 1)}…` : kind;
}
