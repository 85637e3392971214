import type { ImportPlan, FieldChange } from './plan-import';

/**
 * An import's plan as lines of plain text, for `npm run plots:import` (the Import page draws the same plan). Naira as
 * people write them; at most `limit` plots named per kind, then how many more.
 */

const NAIRA = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 2 });
const naira = (kobo: number) => `₦${NAIRA.format(kobo / 100)}`;

function describeChange(change: FieldChange): string {
  const value = (v: FieldChange['before']) =>
    change.field === 'price' && typeof v === 'number'
      ? naira(v)
      : change.field === 'size' && typeof v === 'number'
        ? `${v} m²`
        : String(v ?? '—');
  return `${change.field} ${value(change.before)} → ${value(change.after)}`;
}

export function describePlan(plan: ImportPlan, limit = 20): string[] {
  const lines: string[] = [];
  const list = <T>(title: string, items: T[], line: (item: T) => string) => {
    if (!items.length) return;
    lines.push(`${title} (${items.length}):`);
    for (const item of items.slice(0, limit)) lines.push(`  ${line(item)}`);
    if (items.length > limit) lines.push(`  …and ${items.length - limit} more`);
  };
  list(
    'New plots',
    plan.added,
    (plot) => `${plot.label} (block ${plot.block}, ${plot.sizeSqm} m², ${naira(plot.priceKobo)}${plot.corner ? ', corner' : ''})`,
  );
  list(
    'Changes',
    plan.updated.filter((u) => u.applied.length || u.relisted),
    (u) =>
      `${u.existing.label} [${u.existing.standing}] ` +
      [
        ...(u.relisted ? ['back on sale'] : []),
        ...u.applied.map((c) =>
          c.field === 'price' && (u.existing.standing === 'held' || u.existing.standing === 'reserved')
            ? `${describeChange(c)} (list price for later buyers; the buyer's claim keeps its price)`
            : describeChange(c),
        ),
      ].join('; '),
  );
  list(
    'Left as they are because of a buyer',
    plan.updated.filter((u) => u.blocked.length),
    (u) => `${u.existing.label} [${u.existing.standing}] ${u.blocked.map(describeChange).join('; ')}`,
  );
  list(
    'Missing from the file',
    plan.missing,
    (m) =>
      `${m.existing.label} [${m.existing.standing}] ${
        m.outcome === 'withdraw'
          ? 'will be withdrawn'
          : m.outcome === 'blocked'
            ? 'kept: a buyer holds, reserved or bought it'
            : 'kept on sale (--withdraw-missing to withdraw)'
      }`,
  );
  lines.push(`Unchanged: ${plan.unchanged}. Changes to write: ${plan.changes}.`);
  return lines;
}
