import { STAFF_COPY } from '@/content/staff';
import { STATUS_STYLES } from '../format';

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[status] ?? STATUS_STYLES.new}`}>
      {STAFF_COPY.statuses[status] ?? status}
    </span>
  );
}
