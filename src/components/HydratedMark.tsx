'use client';

import { useEffect, useState } from 'react';
import { HYDRATED_ATTRIBUTE } from '@/lib/constants';

/**
 * Marks the page as run by the framework, so a tap or a form sent before that is done again
 * (serving/defer-scripts.mjs). One render after hydration: what the page's components take over in their first
 * effects (the fields typed before it) is updated in that same render, so a replayed submit sends what was typed.
 */
export function HydratedMark() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (hydrated) document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
    // The one extra render is the point: it is batched with the updates of those first effects.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    else setHydrated(true);
  }, [hydrated]);
  return null;
}
