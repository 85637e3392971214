/**
 * Copy of the installable staff app: its name on the phone, the page its worker shows offline, and the notifications
 * the worker shows (docs/decisions/0360-staff-app-hand-written-worker.md).
 */
export const STAFF_APP_COPY = {
  /** The app's name in the install prompt and the phone's app list. */
  name: (brand: string) => `${brand} Sales`,
  /** Under the icon on a home screen, where about 12 characters fit: the brand's first word and "Sales". */
  shortName: (brand: string) => `${brand.trim().split(/\s+/)[0]} Sales`,
  description: 'The lead inbox of the sales team: new leads, calls to make, the pipeline.',
  offline: {
    title: 'You are offline',
    heading: 'You are offline',
    body: 'There is no connection right now. The leads open again as soon as you are back online.',
    privacy: 'Nothing about leads is kept on this device, so there is nothing to show until then.',
    retry: 'Try again',
  },
  push: {
    /** A push whose message could not be read: the person still learns that something arrived. */
    genericTitle: 'New lead',
    genericBody: 'A new lead is waiting in the inbox.',
    claim: "I'm on it",
  },
} as const;
