/** Where a visit came from, captured once per browser session on its first page view and sent with a lead. */
export interface Attribution {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  referrer?: string;
  landing_path?: string;
}

const STORAGE_KEY = 'visit-attribution';
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
const clip = (value: string, max: number) => value.slice(0, max);

export function readAttributionFromLocation(location: Pick<Location, 'search' | 'pathname' | 'origin'>, referrer: string): Attribution {
  const params = new URLSearchParams(location.search);
  const attribution: Attribution = { landing_path: clip(location.pathname + location.search, 500) };
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim();
    if (value) attribution[key] = clip(value, 300);
  }
  // Only another site is worth recording as the referrer; our own pages are not a source.
  if (referrer && !referrer.startsWith(location.origin)) attribution.referrer = clip(referrer, 500);
  return attribution;
}

/** Records the visit's attribution on its first page view; later calls keep the first. */
export function captureAttribution(): Attribution {
  try {
    const stored = window.sessionStorage.getItem(STORAGE_KEY);
    if (stored) return JSON.parse(stored) as Attribution;
    const attribution = readAttributionFromLocation(window.location, document.referrer);
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(attribution));
    return attribution;
  } catch {
    return {};
  }
}
