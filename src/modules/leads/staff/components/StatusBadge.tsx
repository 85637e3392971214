import { ASSIGNMENT_COPY } from '@/content/sales-insight';
import { STAFF_COPY } from '@/content/staff';
import { OVERDUE_STYLE, STATUS_STYLES } from '../format';

export function StatusBadge({ status }: { status: string }) {
  return <span className={`chip ${STATUS_STYLES[status] ?? STATUS_STYLES.new}`}>{STAFF_COPY.statuses[status] ?? status}</span>;
}

/** A lead still new after its first working hour; the hint says so in words for those who hover or listen. */
export function OverdueBadge({ hint }: { hint: string }) {
  return (
    <span className={`chip gap-1 ${OVERDUE_STYLE}`} title={hint} data-testid="overdue-badge">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {ASSIGNMENT_COPY.overdue.badge}
      <span className="sr-only">: {hint}</span>
    </span>
  );
}
