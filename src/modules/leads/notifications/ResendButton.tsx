'use client';

import { NOTIFICATION_COPY } from '@/content/notifications';
import type { NotificationChannel } from '@/lib/db/enums';
import { useStaffAction } from '@/lib/browser/use-staff-action';

export function ResendButton({ leadId, channel }: { leadId: string; channel: NotificationChannel }) {
  const { busy, run } = useStaffAction();
  return (
    <button
      type="button"
      className="text-xs font-semibold text-forest-800 underline underline-offset-4 disabled:opacity-50"
      disabled={busy}
      aria-label={`${NOTIFICATION_COPY.resend}: ${NOTIFICATION_COPY.channels[channel]}`}
      onClick={() => run({ method: 'POST', url: `/api/admin/leads/${leadId}/notifications`, body: { channel } }, NOTIFICATION_COPY.resent)}
    >
      {NOTIFICATION_COPY.resend}
    </button>
  );
}
