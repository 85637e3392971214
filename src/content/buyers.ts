/**
 * The buyer's own page and its sign-in without a password (issue 60, items 1 and 2; docs/decisions/0418). Paths and
 * every sentence they show. Nothing personal ever goes into one of these paths: a link carries a random token only.
 */

export const ACCOUNT_PATHS = {
  /** The buyer's own page. */
  account: '/account',
  signIn: '/account/sign-in',
  /** "Check your e-mail", after a link was asked for (the same whether or not the address is known). */
  sent: '/account/sign-in/sent',
  /** The code's page: `r` is the request's own random token, never the number. */
  code: (requestToken: string) => `/account/sign-in/code?r=${encodeURIComponent(requestToken)}`,
  codeBase: '/account/sign-in/code',
  /** The e-mail's link: its page shows a button whose POST signs in (a GET never uses the link up). */
  link: (token: string) => `/account/link/${token}`,
  api: {
    request: '/api/account/sign-in',
    code: '/api/account/sign-in/code',
    link: '/api/account/sign-in/link',
    signOut: '/api/account/sign-out',
    /** Signing in with a passkey: the options, then the browser's answer (docs/decisions/0423). */
    passkeySignInOptions: '/api/account/sign-in/passkey/options',
    passkeySignIn: '/api/account/sign-in/passkey',
    /** Adding a passkey (signed in, recently): the options, then the answer; removing one (a plain form). */
    passkeyOptions: '/api/account/passkeys/options',
    passkeys: '/api/account/passkeys',
    removePasskey: '/api/account/passkeys/remove',
  },
} as const;

/** Why a form came back (the `e` of its page's address: a word, never what was typed). */
export const ACCOUNT_ERRORS = {
  unreadable: 'Please enter the e-mail address or the phone number you gave us.',
  badCode: 'That code is not right. Check the message and try again.',
  codeSpent: 'This code can no longer be used. Ask for a new one.',
  linkSpent: 'This link has expired or has already been used. Ask for a new one below.',
  tooMany: (minutes: number) => `Too many tries from this network. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  crossSite: 'This request came from another site and was refused.',
  unavailable: 'We could not do that just now. Please try again in a minute.',
  signedOut: 'You are signed out. Sign in again to see your page.',
  documentNotFound: 'That document is not on your page.',
  documentUnavailable: 'We cannot fetch that document just now. Please try again in a few minutes.',
  passkeyUnreadable: 'Your browser’s passkey answer could not be read. Please try again.',
  passkeyFailed: 'That passkey did not sign you in. Try again, or ask for a link or code below.',
  passkeyNotAdded: 'The passkey was not added. Please try again.',
  signInAgain: 'To add a passkey, sign in again with a new link or code first (it keeps your page safe if someone else has this device).',
  passkeyNotFound: 'That passkey is not one of yours.',
} as const;

export type AccountErrorKey = Exclude<keyof typeof ACCOUNT_ERRORS, 'tooMany'> | 'tooMany';

export const ACCOUNT_COPY = {
  signIn: {
    metaTitle: 'Sign in to your page',
    eyebrow: 'Your plot, your payments',
    heading: 'Sign in to your page',
    lead: 'No password to remember. Enter the e-mail address or phone number you gave us, and we send you a way in.',
    contactLabel: 'E-mail address or phone number',
    contactHint: 'E-mail: we send a link. Phone: we send a 6-digit code.',
    viaLegend: 'Send a phone code by',
    via: { whatsapp: 'WhatsApp', sms: 'SMS' },
    submit: 'Send my sign-in',
    privacy: 'We use your address only to sign you in; see our',
    whyNoPassword: 'Links and codes work once and expire after 15 minutes.',
  },
  sent: {
    metaTitle: 'Check your e-mail',
    heading: 'Check your e-mail',
    body: 'If this address is one you gave us, a sign-in link is on its way. It works once, within 15 minutes.',
    spam: 'Nothing after a few minutes? Look in your spam folder, or ask again with the phone number you gave us.',
    again: 'Ask again',
  },
  code: {
    metaTitle: 'Enter your code',
    heading: 'Enter your code',
    body: 'If this number is one you gave us, a 6-digit code is on its way by the channel you chose. It works once, within 15 minutes.',
    label: '6-digit code',
    submit: 'Sign in',
    again: 'Ask for a new code',
  },
  link: {
    metaTitle: 'Sign in',
    heading: 'Welcome back',
    body: 'Press the button to sign in on this device. The link then stops working.',
    submit: 'Sign in to my page',
    spent: 'This link has expired or has already been used.',
    again: 'Ask for a new link',
  },
  email: {
    subject: (brand: string) => `Your sign-in link for ${brand}`,
    greeting: 'Hello,',
    body: 'Here is your link to sign in to your page: your plot, your payments and receipts.',
    button: 'Sign in',
    expiry: 'The link works once, within 15 minutes.',
    ignore: 'If you did not ask for it, ignore this e-mail: nobody can sign in without it.',
  },
  /** The code by SMS (and WhatsApp's free text when its template is not used). */
  codeText: (code: string, brand: string) => `${code} is your ${brand} sign-in code. It expires in 15 minutes. Never share it.`,
  page: {
    metaTitle: 'Your page',
    eyebrow: 'Your page',
    greeting: (name: string) => `Welcome, ${name}`,
    nobody: 'We have nothing under this address yet. If you gave us another e-mail or number, sign in with that one.',
    plotsHeading: 'Your plot',
    noPlots: 'You have not held a plot yet.',
    choosePlot: 'See the plots available',
    plotFacts: (block: string, sqm: number) => `Block ${block} · ${sqm.toLocaleString('en-GB')} m²`,
    stages: {
      held: 'Held for you',
      reserved: 'Reserved (deposit paid)',
      sold: 'Sold to you',
      allocated: 'Allocated to you',
    } as Record<string, string>,
    heldUntil: (time: string) => `Held until ${time}, Lagos time`,
    onPlan: 'Where your plot is: in brass on the site plan',
    scheduleHeading: 'Payment schedule',
    nextDue: (amount: string, day: string) => `Next: ${amount} by ${day}`,
    paidInFull: 'Paid in full. Thank you.',
    lateNote: (amount: string) => `${amount} is past its date. Please pay it, or talk to your agent.`,
    price: 'Price',
    paid: 'Paid',
    balance: 'Balance',
    itemStates: { paid: 'Paid', part_paid: 'Part paid', due: 'Due', late: 'Late' } as Record<string, string>,
    paymentsHeading: 'Payments and receipts',
    noPayments: 'No payment yet.',
    receipt: 'Receipt',
    receiptLink: (number: string) => `Receipt ${number}`,
    entryKinds: { payment: 'Payment', refund: 'Refund', reversal: 'Reversal', correction: 'Correction' } as Record<string, string>,
    bookingsHeading: 'Site inspections',
    noBookings: 'No inspection booked.',
    book: 'Book a site inspection',
    change: 'Move or cancel',
    bookingPast: 'Past',
    bookingCancelled: 'Cancelled',
    bookingKinds: { physical: 'On site', virtual: 'Video call' } as Record<string, string>,
    seats: (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`,
    agentHeading: 'Your agent',
    noAgent: 'Our sales team',
    agentLine: 'Ask anything about your plot, payments or documents.',
    whatsapp: 'Message on WhatsApp',
    whatsappText: 'Hello, I am writing from my page on your website.',
    indicative: (day: string) => `Indicative, at our rates of ${day}; you pay in naira.`,
    lagosTime: 'Lagos time',
    yourTime: (time: string) => `Your time: ${time}`,
    devicesHeading: 'Signed-in devices',
    thisDevice: 'This device',
    unknownDevice: 'A browser we could not name',
    signedInWith: { email: 'an e-mail link', whatsapp: 'a WhatsApp code', sms: 'an SMS code', passkey: 'a passkey' } as Record<
      string,
      string
    >,
    deviceLine: (how: string, when: string, seen: string) => `Signed in with ${how} on ${when} · last seen ${seen}`,
    signOutOne: 'Sign out',
    signOut: 'Sign out',
    signOutEverywhere: 'Sign out everywhere',
    signedOutEverywhere: 'Every device is signed out.',
    signOutKeepsPasskeys: 'Signing out everywhere keeps your passkeys: remove one below if you lost its phone.',
  },
  /** Passkeys (docs/decisions/0423): the phone's fingerprint, face or screen lock instead of a link or code. */
  passkeys: {
    heading: 'Passkeys',
    lead: 'Sign in with this phone’s fingerprint, face or screen lock instead of waiting for a link or code.',
    listLabel: 'Your passkeys',
    none: 'No passkey yet.',
    add: 'Add a passkey for this device',
    added: 'Passkey added. Next time, sign in with it.',
    addedAt: (day: string) => `Added ${day}`,
    used: (when: string | null) => (when ? `last used ${when}` : 'not used yet'),
    remove: 'Remove',
    removeLabel: (label: string, day: string) => `Remove ${label}, added ${day}`,
    /** Shown instead of the button when this session is older than the recent sign-in a new passkey needs. */
    signInAgain: (minutes: number) =>
      `To add a passkey, sign in again with a new link or code: a passkey can be added within ${minutes} minutes of signing in.`,
    signInAgainLink: 'Sign in again',
    working: 'Waiting for your phone…',
    cancelled: 'The passkey was not used. Try again, or sign in with a link or code.',
    label: (system: string | null) => (system ? `Passkey on ${system}` : 'Passkey'),
    signIn: 'Sign in with a passkey',
    signInHint: 'If you added one on this phone: its fingerprint, face or screen lock.',
    orLinkOrCode: 'Or get a link or code',
    email: {
      subject: (brand: string) => `A passkey was added to your ${brand} page`,
      greeting: 'Hello,',
      body: (label: string, at: string) =>
        `At ${at} (Lagos time) a passkey, "${label}", was added to your page. It can now sign in to your page.`,
      notYou: 'If this was not you, open your page, remove the passkey and sign out everywhere, then tell your agent.',
    },
    /** The same notice by SMS, for a buyer signed in with their number. */
    text: (label: string, brand: string) =>
      `A passkey ("${label}") was added to your ${brand} page. Not you? Sign in, remove it and sign out everywhere.`,
  },
} as const;
