import { ACTION_BAR_COPY } from '@/content/navigation';
import { SubmitInterestButton } from '@/modules/leads/ui';
import type { DistrictChoice } from '@/modules/leads';
import { WhatsAppIcon } from '@/components/icons';

/**
 * A slim bar on phones: WhatsApp and Submit Interest, always a thumb away on long pages. It is the last child of
 * <main> and sticks to the bottom of the screen, so it stops above the footer and never covers its links (or the
 * popup, which sits above it). CSS only: it works before the scripts arrive.
 */
export function ActionBar({ whatsappHref, district }: { whatsappHref: string; district?: DistrictChoice }) {
  return (
    <aside
      aria-label={ACTION_BAR_COPY.label}
      className="sticky bottom-0 z-30 border-t border-forest-900/10 bg-ivory-50/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-8px_24px_-12px_rgba(18,48,42,0.3)] md:hidden"
    >
      <div className="flex gap-3">
        <a href={whatsappHref} target="_blank" rel="noopener noreferrer" className="btn-outline flex-1 px-3 whitespace-nowrap">
          <WhatsAppIcon className="size-5" />
          {ACTION_BAR_COPY.whatsapp}
        </a>
        <SubmitInterestButton district={district} className="btn-primary flex-[1.3] px-3 whitespace-nowrap">
          {ACTION_BAR_COPY.submitInterest}
        </SubmitInterestButton>
      </div>
    </aside>
  );
}
