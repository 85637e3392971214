'use client';

import type { ReactNode } from 'react';
import { FORM_PAGES } from '@/lib/constants';
import { useInterest } from './InterestProvider';
import type { DistrictChoice } from './fields';

/**
 * Any Submit Interest button on any page opens the one popup. Before the scripts arrive (or without them) the
 * button opens the form on a page of its own instead: it is the submit button of a tiny GET form to /interest,
 * which carries the district to preselect and nothing personal.
 */
export function SubmitInterestButton({
  district,
  className = 'btn-primary',
  children,
  onClick,
}: {
  district?: DistrictChoice;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
}) {
  const { openInterest } = useInterest();
  return (
    <form method="get" action={FORM_PAGES.interest.retry} className="contents">
      {district ? <input type="hidden" name="district" value={district} /> : null}
      <button
        type="submit"
        className={className}
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault();
          onClick?.();
          openInterest(district);
        }}
      >
        {children}
      </button>
    </form>
  );
}
