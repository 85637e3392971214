/** Top navigation and the Coming Soon popup (spec §2, Shared elements). */
export type NavItem = { label: string; href: string } | { label: string; comingSoon: true };

export const NAV_ITEMS: NavItem[] = [
  { label: 'Home', href: '/' },
  { label: 'Buy', comingSoon: true },
  { label: 'Rent', comingSoon: true },
  { label: 'Investment', comingSoon: true },
  { label: 'Management', comingSoon: true },
];

export const COMING_SOON = {
  title: 'Coming Soon',
  text: 'Coming Soon! Stay tuned for this amazing feature...',
  dismissHint: 'Tap or click anywhere to close',
};

export const NAV_COPY = {
  primaryLabel: 'Main',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  menuTitle: 'Menu',
  submitInterest: 'Submit Interest',
  skipToContent: 'Skip to content',
  homeLinkLabel: (brand: string) => `${brand} home`,
};

/** The slim bar at the bottom of a phone's screen on long pages (issue 14). */
export const ACTION_BAR_COPY = {
  label: 'Talk to us',
  whatsapp: 'WhatsApp',
  submitInterest: 'Submit Interest',
  whatsappMessage: (ref: string) => `Hello, I am interested in a plot in one of your districts. Please send me more details. ${ref}`,
} as const;
