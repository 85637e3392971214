'use client';

import { useId, useState, type ReactNode } from 'react';
import { OFFER_COPY } from '@/content/offer';

/**
 * Shows the first `shownCount` landmarks; a button reveals the rest (spec: "first six of ten").
 * Items arrive rendered from the server so their icons stay server-side.
 */
export function LandmarksList({ items, shownCount }: { items: ReactNode[]; shownCount: number }) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const hidden = items.length - shownCount;
  const visible = expanded || hidden <= 0 ? items : items.slice(0, shownCount);
  return (
    <>
      <ul id={`${id}-list`} className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {visible}
      </ul>
      {hidden > 0 && (
        <div className="mt-8 text-center">
          <button
            type="button"
            className="btn-outline"
            aria-expanded={expanded}
            aria-controls={`${id}-list`}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? OFFER_COPY.showFewerLandmarks : OFFER_COPY.showAllLandmarks(items.length)}
          </button>
        </div>
      )}
    </>
  );
}
