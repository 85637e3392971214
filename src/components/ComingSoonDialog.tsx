'use client';

import { NoticeDialog } from '@/components/ui/NoticeDialog';
import { COMING_SOON } from '@/content/navigation';
import { ComingSoonIcon } from '@/components/icons';

/** Placeholder for Buy, Rent, Investment and Management; a click anywhere dismisses it (spec §4). */
export function ComingSoonDialog({ open, onClose, feature }: { open: boolean; onClose: () => void; feature: string }) {
  return (
    <NoticeDialog open={open} onClose={onClose} title={`${feature}: ${COMING_SOON.title}`} icon={<ComingSoonIcon className="size-7" />}>
      <p className="mt-3 text-lg text-forest-900">{COMING_SOON.text}</p>
      <p className="mt-4 text-xs tracking-[0.16em] text-ink-soft uppercase">{COMING_SOON.dismissHint}</p>
    </NoticeDialog>
  );
}
