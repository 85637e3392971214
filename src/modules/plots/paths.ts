/**
 * Where a buyer sees and holds plots (docs/decisions/0412). A known buyer's `book` token (the inspection's signed link,
 * naming the lead only) rides along so they never type their details again; a hold's own page carries its signed token.
 */
const withToken = (path: string, name: string, token: string | undefined) =>
  token ? `${path}?${name}=${encodeURIComponent(token)}` : path;

export const PLOT_PATHS = {
  plan: (slug: string, bookToken?: string) => withToken(`/${slug}/plots`, 'book', bookToken),
  plot: (slug: string, label: string, bookToken?: string) => withToken(`/${slug}/plots/${encodeURIComponent(label)}`, 'book', bookToken),
  held: (slug: string, holdToken: string) => withToken(`/${slug}/plots/held`, 'h', holdToken),
  api: {
    hold: '/api/plots/hold',
    holdByLink: '/api/plots/hold-by-link',
    counts: '/api/plots/counts',
    /** The live plan as an image, for the prerendered district page. */
    planImage: (slug: string) => `/api/plots/${encodeURIComponent(slug)}/plan.svg`,
  },
} as const;
