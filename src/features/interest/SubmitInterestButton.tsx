'use client';

import type { ReactNode } from 'react';
import { useInterest } from './InterestProvider';
import type { DistrictChoice } from './schema';

/** Any Submit Interest button on any page opens the one popup. */
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
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      onClick={() => {
        onClick?.();
        openInterest(district);
      }}
    >
      {children}
    </button>
  );
}
