/** Copy of the staff area: sign-in at /registration, the lead inbox under /admin, staff and privacy pages. */
import { DISTRICTS } from './districts';

/**
 * A lead as people are addressed: its title and full name ("Mrs Ada Obi"), or the name alone for a lead with no title
 * (a chat that began on WhatsApp gives a name, not a title: docs/decisions/0399).
 */
export const leadName = (lead: { title: string | null; fullName: string }) =>
  lead.title ? `${lead.title} ${lead.fullName}` : lead.fullName;

/** A lead's district as staff read it: a chat's lead may not have said yet. */
export const DISTRICT_NOT_SAID = 'District not said yet';
export const districtOf = (lead: { district: string | null }) => lead.district ?? DISTRICT_NOT_SAID;

/**
 * Why an erasure keeps a sale's records (docs/decisions/0414), said to the owner who erased and in the export; the
 * privacy notice (src/content/legal.ts) promises the same.
 */
export const PRIVACY_KEPT_RECORDS =
  'Payments, receipts and a reservation or sale are kept for six years after the last payment, the period tax and company law require, as the privacy notice says; everything else was erased, and the person is never contacted for marketing again.';

export const STAFF_COPY = {
  signIn: {
    title: 'Staff sign-in',
    eyebrow: 'Sales team',
    heading: 'Sign in to the lead inbox',
    intro: 'For our sales team only. If you were signed out, your session has expired: sign in again to carry on.',
    email: 'E-mail',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in…',
    home: 'Back to the home page',
    startAgain: 'Start again',
    forgot: 'Forgot your password?',
    passwordReset: 'Your password was changed. Sign in with it now.',
  },
  /** A new install with no staff account yet (docs/decisions/0380-first-owner-set-up-code.md). */
  firstOwner: {
    title: 'Set up the first owner',
    noticeHeading: 'Set up the staff area',
    notice: 'This site has no staff account yet. The first one is an owner, set up with the code the server printed when it started.',
    start: 'Set up the first owner',
    heading: 'Set up the first owner',
    intro:
      'Enter the set-up code from the server’s start-up output (or its file first-owner-setup.txt in the data directory), then your own details. You set up two-step sign-in next.',
    code: 'Set-up code',
    codeHint: 'Twelve letters and digits, as the server printed them.',
    name: 'Your name',
    email: 'E-mail',
    password: 'Choose a password',
    passwordHint: 'At least 12 characters that you do not use anywhere else.',
    submit: 'Create the owner account',
    submitting: 'Creating…',
    expired:
      'If the code has expired (it works for 24 hours), restart the server: it prints a new one. Or start it with ADMIN_EMAIL and ADMIN_PASSWORD set.',
  },
  reset: {
    title: 'Forgotten password',
    heading: 'Forgot your password?',
    intro: 'Enter the e-mail address of your staff account. We will send you a link to choose a new password.',
    email: 'E-mail',
    submit: 'Send me a link',
    submitting: 'Sending…',
    sent: (minutes: number) =>
      `If that address belongs to a staff account, a link is on its way. It works once, for ${minutes} minutes. Check your spam folder if it does not arrive.`,
    newHeading: 'Choose a new password',
    newIntro: 'Choose a password of at least 12 characters that you do not use anywhere else.',
    newPassword: 'New password',
    save: 'Save the new password',
    saving: 'Saving…',
    expiredHeading: 'This link no longer works',
    askAgain: 'Ask for a new link',
  },
  /** A new account's invitation link (docs/decisions/0347-invitations-not-initial-passwords.md). */
  welcome: {
    title: 'Your staff account',
    heading: 'Choose your password',
    intro:
      'Welcome to the staff area. Choose a password of at least 12 characters that you do not use anywhere else: you sign in with it from now on.',
    email: 'E-mail',
    password: 'Your password',
    save: 'Save and continue',
    saving: 'Saving…',
    expiredHeading: 'This invitation no longer works',
  },
  invitationEmail: {
    subject: (brand: string) => `${brand}: your staff account`,
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    body: (role: string) => `An owner has made you a staff account (${role}) for the lead inbox. Open this link to choose your password:`,
    button: 'Choose my password',
    secondFactor: 'You then set up two-step sign-in: your phone’s fingerprint or face (a passkey), or an authenticator app.',
    expiry: (hours: number) => `The link works once, for ${hours} hours. If it has expired, ask the owner who added you to send a new one.`,
    ignore: 'If you did not expect this, ignore this e-mail: nobody can sign in to the account until the link is used.',
  },
  resetEmail: {
    subject: (brand: string) => `${brand}: choose a new staff password`,
    greeting: 'Hello,',
    body: 'Someone (hopefully you) asked to choose a new password for your staff account. Open this link to choose it:',
    button: 'Choose a new password',
    expiry: (minutes: number) => `The link works once, for ${minutes} minutes.`,
    ignore: 'If you did not ask for it, ignore this e-mail: your password stays as it is.',
  },
  wrongCodeEmail: {
    subject: (brand: string) => `${brand}: a wrong sign-in code was entered for your account`,
    greeting: 'Hello,',
    body: (at: string) =>
      `At ${at} (Lagos time) someone signed in to your staff account with your password, then entered a wrong code from the authenticator app.`,
    locked: (wrongCodes: number) =>
      `After ${wrongCodes} wrong codes, two-step sign-in is now locked for your account. An owner can unlock it on the Staff page.`,
    notYou: 'If this was not you, your password is known to someone else: change it now (Your account), or ask an owner to.',
  },
  /** A passkey whose signature counter went back: a copy of it signed (docs/decisions/0386-staff-sessions-round-3.md). */
  clonedPasskeyEmail: {
    subject: (brand: string) => `${brand}: one of your passkeys was disabled`,
    greeting: 'Hello,',
    body: (label: string, at: string) =>
      `At ${at} (Lagos time) your passkey "${label}" signed in with a counter lower than it had already reached. That happens when a copy of the passkey is used, so it was refused and the passkey is now disabled.`,
    next: 'Remove it on Your account and add a new passkey. If you did not just try to sign in, change your password too.',
  },
  clonedPasskeyOwnerEmail: {
    subject: (brand: string) => `${brand}: a staff passkey was disabled (a copy of it may exist)`,
    body: (email: string, label: string, at: string) =>
      `At ${at} (Lagos time) the passkey "${label}" of ${email} signed in with a counter lower than it had already reached: a copy of it may exist. It was refused and disabled; ${email} has been told to remove it and add a new one.`,
    next: 'If you think the account is in other hands, deactivate it or reset its two-step sign-in on the Staff page.',
  },
  /** Passkeys (docs/decisions/0348-a-second-factor-for-everyone-and-passkeys.md): the buttons and what they say. */
  passkey: {
    setUp: 'Use this phone’s fingerprint or face (passkey)',
    setUpHint: 'Fastest on your phone: no code to type. Your fingerprint or face never leaves the phone.',
    signIn: 'Use your passkey',
    signInHint: 'Your phone asks for your fingerprint, face or screen lock.',
    working: 'Waiting for your phone…',
    orApp: 'Or use an authenticator app',
    orCode: 'Or enter a code',
    /** The browser said no: cancelled, timed out, or no passkey of this site on the device. */
    cancelled: 'The passkey was not used. Try again, or use a code from your app or a recovery code.',
    add: 'Add a passkey',
    added: 'Passkey added. Your other sessions were signed out.',
    /** The label stored with a passkey, from the system named by the browser at registration. */
    label: (system: string | null) => (system ? `Passkey on ${system}` : 'Passkey'),
  },
  secondFactor: {
    title: 'Two-step sign-in',
    heading: 'Confirm it is you',
    intro: 'Use your passkey, or enter the 6-digit code your authenticator app shows for this site.',
    introApp: 'Open your authenticator app and enter the 6-digit code it shows for this site.',
    code: 'Code',
    codeHint: 'The 6 digits from your app, or one of your recovery codes if you cannot use the app.',
    submit: 'Continue',
    submitting: 'Checking…',
    recoveryLeft: (n: number) =>
      n === 0
        ? 'You have used your last recovery code. Make new ones now on Your account.'
        : `You signed in with a recovery code: ${n} left. Make new ones on Your account if you are running low.`,
  },
  enrol: {
    title: 'Set up two-step sign-in',
    heading: 'Set up two-step sign-in',
    intro:
      'Everyone who can see the leads signs in with a second step after the password, so a leaked password alone reaches nobody’s personal data. Choose a passkey (your phone’s fingerprint or face) or an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password).',
    scan: '1. Scan this QR code with your authenticator app.',
    qrAlt: 'QR code to add this staff account to an authenticator app',
    manual: 'Cannot scan it? Add an account by hand with this key (time-based):',
    confirm: '2. Enter the 6-digit code the app now shows.',
    submit: 'Turn on two-step sign-in',
    submitting: 'Checking…',
    codesHeading: 'Your recovery codes',
    codesIntro:
      'Each code signs you in once if you lose your phone. Keep them somewhere safe, away from your phone (print them or store them in a password manager). They are shown only now.',
    codesSaved: 'I have saved my recovery codes',
    continue: 'Continue to the leads',
    enabled: 'Two-step sign-in is on.',
  },
  errors: {
    email: 'Enter a valid e-mail address.',
    phone: 'Enter a phone number with at least 7 digits.',
    subject: 'Enter an e-mail address, a phone number or both.',
    password: 'Enter your password.',
    passwordShort: 'Use a password of at least 12 characters.',
    passwordLong: 'Use a password of at most 256 characters.',
    passwordCommon: 'This password is one of the most common ones and easy to guess. Choose another.',
    name: 'Keep the name under 120 characters.',
    nameEmpty: 'Enter the name colleagues and leads should see.',
    nameCharacters: 'The name contains characters we cannot accept.',
    role: 'Choose a role: owner or agent.',
    status: 'Choose one of the listed statuses.',
    leadDistrict: `Choose ${new Intl.ListFormat('en-GB', { type: 'disjunction' }).format(DISTRICTS.map((d) => d.choice))}.`,
    noteEmpty: 'Write something in the note first.',
    noteLong: 'Keep a note under 4,000 characters.',
    badCredentials: 'That e-mail and password do not match an active staff account.',
    code: 'Enter the 6-digit code from your app, or a recovery code.',
    badCode: 'That code is not right, or has been used already. Enter the code your app shows now.',
    linkExpired: 'This link has expired or was used already. Ask for a new one.',
    invitationExpired: 'This invitation link has expired or was used already. Ask the owner who added you to send a new one.',
    noPasswordForOthers: 'Owners do not choose passwords for others: the new colleague gets a link by e-mail to choose their own.',
    alreadySetUp: 'They have chosen their password already. If they forgot it, they use “Forgot your password?” on the sign-in page.',
    invitationInactive: 'This account is deactivated. Reactivate it first, then send a new link.',
    challengeExpired: 'Your sign-in was not finished in time. Start again with your e-mail and password.',
    noSecondFactor: 'Two-step sign-in is not set up for this account.',
    reauthRequired: 'For your security, confirm your password to make this change.',
    wrongPassword: 'That password is not right.',
    keepOneMethod: 'Keep at least one way to sign in: add a passkey or an authenticator app before removing this one.',
    noAuthenticatorApp: 'No authenticator app is set up for this account.',
    noPasskey: 'No passkey is set up for this account. Enter a code from your app or a recovery code.',
    passkeyFailed: 'That passkey was not accepted. Try again, or enter a code from your app or a recovery code.',
    passkeyNotAdded: 'The passkey could not be added. Try again.',
    passkeyGone: 'That passkey is no longer on your account.',
    passkeyChoice: 'Choose one of the listed passkeys.',
    passkeyUnreadable: 'The answer of your passkey could not be read. Try again.',
    secondFactorLocked:
      'Two-step sign-in is locked for this account after too many wrong codes. Ask an owner to unlock it on the Staff page.',
    /** Ending a signed-in device on Your account (POST /api/admin/account/sessions). */
    sessionChoice: 'Choose one of the listed devices to sign out.',
    pushUnreadable: 'The browser sent an alert subscription that could not be read. Try turning alerts on again.',
    pushChoice: 'Choose one of the listed devices.',
    pushService: 'This browser sends alerts through a service the site does not know. Turn alerts on in Chrome, Safari, Firefox or Edge.',
    pushGone: 'That device no longer has alerts on.',
    sessionGone: 'That device is no longer signed in.',
    sessionCurrent: 'That is the device you are using. To sign out here, use Sign out in the menu.',
    lockedOut: (minutes: number) =>
      `Too many failed sign-ins. For your security, sign-in is paused: try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`,
    slowedDown: (seconds: number) =>
      `Too many wrong attempts on this account lately. For its security, wait ${seconds === 1 ? 'a second' : seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`} before you try again.`,
    tooManyAttempts: (minutes: number) =>
      `Too many sign-in requests from your connection. Please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again.`,
    busy: 'The server is busy checking other sign-ins. Please try again in a few seconds.',
    crossSite: 'This request came from another site and was refused.',
    forbidden: 'Only an owner can do this.',
    notFound: 'That record no longer exists.',
    unreadable: 'We could not read that request. Reload the page and try again.',
    unavailable: 'The server could not do that just now. Please try again in a moment.',
    emailTaken: 'A staff account with this e-mail already exists.',
    setUpCode:
      'That set-up code is not right or has expired. Copy it again from the server’s start-up output; if it expired, restart the server for a new one.',
    setUpDone: 'This site has its first owner already. Sign in instead.',
    lastOwner: 'Keep at least one active owner.',
    self: 'You cannot demote or deactivate your own account.',
    active: 'Say whether the account is active (true or false).',
    nothingToChange: 'Nothing to change: send a new name, role or active state.',
  },
  nav: {
    account: 'Your account',
    brand: 'Staff area',
    label: 'Staff sections',
    inbox: 'Leads',
    staff: 'Staff',
    privacy: 'Privacy requests',
    system: 'System',
    signOut: 'Sign out',
    signedInAs: 'Signed in as',
    skip: 'Skip to content',
  },
  inbox: {
    title: 'Leads',
    eyebrow: 'Lead inbox',
    heading: 'Leads',
    counters: {
      today: 'New leads today',
      week: 'This week by district',
      median: 'Median time to first contact (this week, working hours)',
      none: '—',
    },
    filters: {
      legend: 'Filter leads',
      district: 'District',
      anyDistrict: 'All districts',
      status: 'Status',
      anyStatus: 'All statuses',
      from: 'From',
      to: 'To',
      apply: 'Apply filters',
      clear: 'Clear',
      /** A filter in the URL that cannot be read (the API answers 400 with it; the inbox shows it above all leads). */
      errors: {
        district: 'Choose one of the listed districts.',
        date: 'Use a real calendar date for From and To, e.g. 2026-03-01.',
        q: 'Keep the search under 120 characters.',
        cursor: 'That page link is no longer valid. Start again from the first page.',
        range: 'From must be on or before To.',
        tooLong: (days: number) => `Choose a range of at most ${days} days.`,
        assignee: 'Choose one of the listed agents.',
        overdue: 'Use overdue=1 to see overdue leads, or leave it out.',
      },
    },
    exportCsv: 'Export CSV',
    exportNewsletter: 'Newsletter CSV',
    columns: {
      name: 'Name',
      district: 'District',
      phone: 'Phone',
      email: 'E-mail',
      status: 'Status',
      age: 'Received',
      source: 'Source',
    },
    call: 'Call',
    whatsapp: 'WhatsApp',
    callLead: (name: string) => `Call ${name}`,
    whatsappLead: (name: string) => `WhatsApp ${name}`,
    /** The search at the top of the inbox (docs/decisions/0363-finding-a-lead-in-one-step.md). */
    search: {
      label: 'Search leads',
      placeholder: 'Name, phone, e-mail',
      submit: 'Search',
      clear: 'Clear search',
      /**
       * How many leads the search found, in which view (spam and held leads are searched in their own); `more`: more
       * than `count`, which is where the inbox stops counting.
       */
      matched: (count: number, q: string, view?: 'spam' | 'held', more = false) =>
        `${count === 0 ? 'No lead matches' : `${more ? 'More than ' : ''}${count.toLocaleString('en')} ${count === 1 && !more ? 'lead matches' : 'leads match'}`} “${q}”${
          view === 'spam' ? ' in Spam' : view === 'held' ? ' among held leads' : ''
        }.`,
      /** Other filters narrow the search (chosen under All filters). */
      narrowed: 'Other filters apply: see All filters.',
      noneHint: 'Try part of the number, such as its last four digits, or one word of the name.',
    },
    /** Quick filters above the inbox: one tap each; the full form folds away behind `more`. */
    quick: {
      label: 'Quick filters',
      all: 'All',
      new: 'New',
      today: 'Today',
      mine: 'Mine',
      more: 'All filters',
    },
    /** A lead whose phone is outside Nigeria: the time where they are now. */
    localTime: (time: string, country: string, range: boolean) =>
      range ? `${time} in ${country} (varies by zone)` : `${time} in ${country}`,
    localTimeLabel: 'Their time',
    open: 'Open',
    empty: 'No leads match these filters.',
    next: 'Older leads',
    first: 'Newest leads',
    pagination: 'Pages',
    caption: 'Leads, newest first',
    direct: 'Direct',
    /** A lead whose chat began on WhatsApp, before where it came from (docs/decisions/0399). */
    byWhatsApp: 'WhatsApp chat',
  },
  lead: {
    back: 'Back to leads',
    details: 'Details',
    attribution: 'Attribution',
    status: 'Status',
    changeStatus: 'Change status',
    save: 'Save status',
    saved: 'Status saved.',
    /** A lead's district, set or changed by staff: a chat's lead says it on the call (docs/decisions/0399). */
    district: { label: 'District', save: 'Save district', saved: 'District saved.' },
    notes: 'Notes',
    noteLabel: 'Add a note',
    addNote: 'Add note',
    noteAdded: 'Note added.',
    noNotes: 'No notes yet.',
    history: 'History',
    noHistory: 'No changes yet.',
    markContacted: 'Mark contacted',
    markedContacted: 'Marked contacted.',
    reach: 'Reach',
    firstContact: 'First contact',
    notContacted: 'Not contacted yet',
    /** A form's number nobody has written from yet: anyone may have typed it (docs/decisions/0403). */
    phoneUnverified: 'Number not yet confirmed by the buyer',
    phoneUnverifiedHint: 'Typed into the form; confirmed once they write to us from it by WhatsApp or SMS.',
    received: 'Received',
    fields: {
      title: 'Title',
      name: 'Full name',
      email: 'E-mail',
      phone: 'Phone',
      district: 'District',
      utmSource: 'UTM source',
      utmMedium: 'UTM medium',
      utmCampaign: 'UTM campaign',
      utmTerm: 'UTM term',
      utmContent: 'UTM content',
      referrer: 'Referrer',
      landingPath: 'Landing page',
      spam: 'Spam flag',
      origin: 'Came by',
    },
    /** What a lead whose chat began on WhatsApp has not said yet (docs/decisions/0399). */
    notSaid: { title: '—', email: 'Not given (the chat began on WhatsApp)' },
    origins: { form: 'The Submit Interest form', whatsapp: 'A WhatsApp chat the buyer started' },
    actions: {
      status_changed: (from: string, to: string) => `changed status from ${from} to ${to}`,
      note_added: 'added a note',
      district_changed: (from: string, to: string) => `changed the district from ${from} to ${to}`,
    },
  },
  statuses: {
    new: 'New',
    contacted: 'Contacted',
    qualified: 'Qualified',
    inspection_booked: 'Inspection booked',
    inspected: 'Inspected',
    plot_held: 'Plot held',
    reserved: 'Reserved',
    won: 'Won',
    lost: 'Lost',
    spam: 'Spam',
    held: 'Held',
  } as Record<string, string>,
  staff: {
    title: 'Staff',
    heading: 'Staff accounts',
    intro: 'Owners manage staff and privacy requests; agents work the leads.',
    add: 'Add a staff member',
    name: 'Name',
    email: 'E-mail',
    role: 'Role',
    create: 'Create account and send invitation',
    inviteHint: (hours: number) =>
      `They get an e-mail with a link to choose their own password, valid for ${hours} hours. Nobody can sign in to the account before that.`,
    invited: (email: string) => `Invitation sent to ${email}.`,
    invitationNotSent: (email: string) =>
      `The account for ${email} is there, but the e-mail could not be sent just now. Press “Send a new link” beside it in a few minutes.`,
    invitationPending: 'invited, no password chosen yet',
    invitationUntil: (until: string) => `link valid until ${until}`,
    invitationExpired: 'the link has expired',
    resendInvitation: 'Send a new link',
    resent: (email: string) => `A new link was sent to ${email}. The earlier one no longer works.`,
    updated: 'Account updated.',
    displayName: 'Display name (shown on notes, history and WhatsApp greetings)',
    saveName: 'Save name',
    nameSaved: 'Name saved.',
    roles: { owner: 'Owner', agent: 'Agent' } as Record<string, string>,
    secondFactorOn: 'two-step sign-in on',
    secondFactorOff: 'two-step sign-in to set up at the next sign-in',
    resetSecondFactor: 'Reset two-step sign-in',
    confirmResetSecondFactor: (email: string) =>
      `Reset two-step sign-in for ${email}? Their passkeys, authenticator app and recovery codes stop working and they are signed out; they set it up again at their next sign-in.`,
    secondFactorReset: 'Two-step sign-in reset. They set it up again at their next sign-in.',
    secondFactorLocked: 'locked after wrong codes',
    unlockSecondFactor: 'Unlock two-step sign-in',
    secondFactorUnlocked: 'Two-step sign-in unlocked. They sign in with their app again.',
    active: 'Active',
    inactive: 'Deactivated',
    deactivate: 'Deactivate',
    activate: 'Reactivate',
    makeOwner: 'Make owner',
    makeAgent: 'Make agent',
    lastSignIn: 'Last sign-in',
    never: 'Never',
    caption: 'Staff accounts',
    you: '(you)',
  },
  account: {
    title: 'Your account',
    heading: 'Your account',
    password: 'Password',
    newPassword: 'New password (at least 12 characters)',
    changePassword: 'Change password',
    passwordChanged: 'Password changed. Your other sessions were signed out.',
    secondFactor: 'Two-step sign-in',
    secondFactorIntro: 'After your password you confirm it is you with a passkey or a code from an authenticator app. Keep at least one.',
    passkeys: 'Passkeys',
    passkeysLabel: 'Your passkeys',
    noPasskeys: 'No passkey yet. On your phone, a passkey signs you in with your fingerprint or face instead of a code.',
    passkeyAdded: (when: string) => `Added ${when}`,
    passkeyUsed: (when: string | null) => (when ? `last used ${when}` : 'not used yet'),
    passkeySynced: 'backed up to your account',
    passkeyDisabled: (when: string) =>
      `Disabled ${when}: it signed in with a counter lower than it had reached, as a copy of it would. Remove it and add a new one.`,
    removePasskey: 'Remove',
    /** Read after "Remove" by screen readers: which passkey. */
    removePasskeyDetail: (label: string, when: string) => `${label}, added ${when}`,
    passkeyRemoved: 'Passkey removed. Your other sessions were signed out.',
    app: 'Authenticator app',
    appOn: 'On: a 6-digit code from your app works as the second step.',
    appOff: 'Not set up. You can add one beside your passkeys:',
    removeApp: 'Remove the authenticator app',
    appRemoved: 'Authenticator app removed. Your other sessions were signed out.',
    appAdded: 'Authenticator app added. Your other sessions were signed out.',
    recoveryCodes: 'Recovery codes',
    recoveryLeft: (n: number) => `${n} unused recovery code${n === 1 ? '' : 's'} left.`,
    newCodes: 'Make new recovery codes',
    newCodesDone: 'New recovery codes made. The old ones no longer work.',
    /** The recovery codes of a form posted without scripts, on a page of their own (ACCOUNT_CODES_PATH). */
    codesBack: 'Back to your account',
    /** Signed-in devices (docs/decisions/0321-session-hardening.md, addendum). */
    devices: 'Signed-in devices',
    devicesIntro: 'Where you are signed in now. If you do not recognise a device, sign it out and change your password.',
    devicesLabel: 'Your signed-in devices',
    thisDevice: 'This device',
    unknownDevice: 'Unknown browser',
    signedInAt: (when: string) => `Signed in ${when}`,
    activeNow: 'Active now',
    lastActive: (ago: string) => `Last active ${ago} ago`,
    endSession: 'Sign out',
    /** Read after "Sign out" by screen readers: which device. */
    endSessionDetail: (device: string, when: string) => `${device}, signed in ${when}`,
    sessionEnded: 'Signed out on that device.',
    endOthers: 'Sign out everywhere else',
    othersEnded: (n: number) => `Signed out on ${n} other device${n === 1 ? '' : 's'}.`,
    onlyThisDevice: 'You are not signed in anywhere else.',
    /** Push alerts on this phone (docs/decisions/0364-push-alerts-on-the-agents-phone.md). */
    alerts: 'Alerts on your phone',
    alertsIntro:
      'Turn alerts on here, on the phone you carry: a new lead that is yours buzzes it within seconds, with "I\'m on it" to claim it. The lead itself is never kept on the phone.',
    alertsLabel: 'Devices with alerts on',
    alertsOn: 'Turn alerts on for this device',
    alertsTurningOn: 'Turning alerts on…',
    alertsOff: 'Turn alerts off for this device',
    alertsOnHere: 'Alerts are on for this device.',
    alertsTurnedOn: 'Alerts are on. A test is on its way to this device.',
    alertsTurnedOff: 'Alerts are off for this device.',
    alertsNone: 'No device has alerts on yet.',
    alertsRemove: 'Remove',
    alertsRemoveDetail: (device: string) => `Turn alerts off on ${device}`,
    alertsAdded: (when: string) => `Turned on ${when}`,
    alertsLastSent: (when: string) => `last alert ${when}`,
    alertsNeedScript: 'Turning alerts on needs this page to finish loading (its script asks the browser).',
    alertsUnsupported:
      'This browser cannot show alerts from the site. On an iPhone, add the site to your Home Screen first (Share → Add to Home Screen) and open it from there.',
    alertsBlocked: 'Alerts are blocked for this site in the browser settings. Allow notifications for it there, then try again.',
    alertsFailed: 'The browser could not turn alerts on. Try again in a moment.',
    alertsUnavailable:
      'Alerts cannot be turned on right now: the server could not read its alert key. An owner should check the System page.',
    alertsTestTitle: 'Alerts are on',
    alertsTestBody: 'New leads will show here like this.',
  },
  reauth: {
    title: 'Confirm your password',
    intro: 'This needs your password again, because the last time you typed it was a while ago.',
    password: 'Your password',
    confirm: 'Confirm',
    confirming: 'Checking…',
    cancel: 'Cancel',
    /** The page that asks for it when a download link is followed without scripts (REAUTH_PATH). */
    afterwards: 'Once it is confirmed, the download starts and this page stays open.',
    /** The same page before a form of the staff area (adding an account) is sent without scripts. */
    afterwardsForm: 'Once it is confirmed, you go back to the page you came from: send its form again there.',
    back: 'Back to the leads',
  },
  backups: {
    listLabel: 'Backup files, newest first',
    intro: (days: number, encrypted: boolean) =>
      `A backup of the whole database is taken every night at 02:30 and kept for ${days} days. ${encrypted ? 'Files are encrypted with BACKUP_KEY.' : 'Files are not encrypted: set BACKUP_KEY to encrypt them.'} They hold every lead: keep downloaded copies as safe as the site itself.`,
    takeNow: 'Take a backup now',
    none: 'No backup yet. The first nightly backup runs at 02:30, or take one now.',
    download: 'Download',
    encrypted: 'encrypted',
    failed: 'The backup could not be taken. The server log says why (for example pg_dump missing or the disk full).',
    notFound: 'There is no such backup (it may have been deleted by the retention rule).',
    restoreHint:
      'To restore one: npm run restore -- FILE, into an empty data directory or database (docs/operations.md, Backups and restore).',
    plain:
      'not encrypted: written without BACKUP_KEY, so it is not served over the web. Copy it from BACKUP_DIR on the server itself (e.g. with scp), or delete it.',
    plainRefused:
      'This backup was written without BACKUP_KEY and is not encrypted, so it is not served over the web. Copy it from BACKUP_DIR on the server itself (e.g. with scp).',
    running: 'A backup is being taken now. Wait for it to finish, then take another if you still need one.',
    limit: (perHour: number, minutes: number) =>
      `At most ${perHour} backups can be taken by hand per hour, so the disk cannot be filled. Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`,
    taken: 'Backup taken.',
  },
  privacy: {
    title: 'Privacy requests',
    heading: 'Privacy requests',
    intro:
      'Under the Nigeria Data Protection Act a person may ask for a copy of what we hold about them, or for it to be erased. Look them up by e-mail address, phone number or both: every lead with either is included, however the address was capitalised or the number written.',
    email: 'E-mail address of the person',
    phone: 'Phone number of the person',
    phoneHint: 'Any usual spelling, e.g. 0803 123 4567 or +234 803 123 4567.',
    exportJson: 'Download their data (JSON)',
    exported: 'Their data is downloaded. The export is recorded.',
    erase: 'Erase their data',
    confirmErase: (who: string) => `Erase every lead and newsletter sign-up for ${who}? This cannot be undone.`,
    erased: (leads: number, newsletter: number) =>
      `Erased ${leads} lead(s) and ${newsletter} newsletter sign-up(s). The erasure is recorded.`,
    /** Said after `erased` when a sale's records were kept (the answer's `kept`). */
    kept: (paymentPlans: number, plotClaims: number) =>
      `Kept as the sale's records: ${paymentPlans} payment plan(s) with their payments and receipts, and ${plotClaims} plot reservation(s) or sale(s), with the buyer's name, e-mail and phone on the payment plan. ${PRIVACY_KEPT_RECORDS}`,
    recent: 'Recent privacy actions',
    noRecent: 'None yet.',
  },
  signedOut: 'You are signed out.',
  ago: {
    justNow: 'just now',
    minutes: (n: number) => `${n} min ago`,
    hours: (n: number) => `${n} h ago`,
    days: (n: number) => `${n} d ago`,
  },
} as const;
