/**
 * Copy of the sales dashboard, lead assignment and overdue leads (docs/decisions/0205–0207). The inbox's own copy
 * stays in ./staff.ts.
 */

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** "5,000 visitors", "1 lead". */
const counted = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

export const DASHBOARD_COPY = {
  nav: 'Dashboard',
  title: 'Dashboard',
  eyebrow: 'Sales insight',
  heading: 'Dashboard',
  period: (from: string, to: string) => `${from} – ${to}, Lagos time`,
  filters: {
    legend: 'Dashboard filters',
    apply: 'Show',
    quick: 'Quick ranges',
    /** Quick ranges read "Last 7 days" to screen readers, "7 days" on screen. */
    last: 'Last',
    days: (n: number) => `${n} days`,
    /** Calendar months in Lagos, for a monthly advertising budget. */
    thisMonth: 'This month',
    lastMonth: 'Last month',
    openInbox: 'Open these leads in the inbox',
  },
  kpis: {
    label: 'Key figures',
    received: 'Leads',
    receivedByDistrict: (parts: string[]) => parts.join(' · '),
    median: 'Median first contact',
    p90: (value: string) => `Slowest tenth: ${value} or more`,
    withinTarget: (target: string) => `Called within ${target}`,
    withinTargetOf: (within: number, contacted: number) => `${within} of ${plural(contacted, 'lead')} contacted`,
    overdue: 'Overdue now',
    overdueHint: (target: string) => `Still new after ${target} of working time`,
    seeOverdue: 'See them in the inbox',
    none: '—',
  },
  perDay: {
    // A bar per day up to a quarter, per week beyond (src/modules/insights/leads-over-time.ts).
    title: (unit: 'day' | 'week') => (unit === 'day' ? 'Leads per day' : 'Leads per week'),
    summary: (total: number, days: number, busiest: string | undefined, unit: 'day' | 'week') =>
      total === 0
        ? `No leads in these ${days} days.`
        : `${plural(total, 'lead')} in ${days} days${busiest ? `; the busiest ${unit} was ${unit === 'week' ? `the week of ${busiest}` : busiest}` : ''}.`,
    caption: (unit: 'day' | 'week') => (unit === 'day' ? 'Leads per day and district' : 'Leads per week (from its Monday) and district'),
    day: (unit: 'day' | 'week') => (unit === 'day' ? 'Day' : 'Week of'),
    total: 'Total',
  },
  sources: {
    title: 'Where leads come from',
    summary: (top: string | undefined, count: number, total: number) =>
      top === undefined ? 'No leads in this period.' : `The largest source was ${top}, with ${plural(count, 'lead')} of ${total}.`,
    caption: 'Leads by source: UTM source and medium, else the referring site, else direct',
    source: 'Source',
    leads: 'Leads',
    direct: 'Direct',
    other: 'Other sources',
    explain: 'UTM source / medium, else the site the visitor came from, else direct.',
  },
  funnel: {
    title: 'From lead to sale',
    summary: (received: number, contacted: number, qualified: number, won: number, lost: number) =>
      received === 0
        ? 'No leads in this period.'
        : `Of ${plural(received, 'lead')}: ${contacted} contacted, ${qualified} qualified, ${won} won and ${lost} lost.`,
    caption: 'Leads at each stage',
    stage: 'Stage',
    leads: 'Leads',
    share: 'Share of leads',
    stages: { received: 'Received', contacted: 'Contacted', qualified: 'Qualified', won: 'Won', lost: 'Lost' },
    explain: 'Qualified counts leads that reached qualified or won at any point; won and lost are where leads stand now.',
  },
  firstContact: {
    title: 'Time to first contact',
    summary: (median: string | undefined, p90: string | undefined, target: string) =>
      median === undefined
        ? 'No lead in this period has been contacted yet.'
        : `Half the leads were contacted within ${median} of working time, nine in ten within ${p90}; the target is ${target}.`,
    caption: 'Working time to first contact, per week of arrival',
    week: 'Week of',
    received: 'Leads',
    contacted: 'Contacted',
    median: 'Median',
    p90: '90th percentile',
    withinTarget: 'Within target',
    legendMedian: 'Median',
    legendP90: 'Slowest tenth (90th percentile)',
    targetLine: (target: string) => `${target} target`,
    explain: (workingTime: string) =>
      `Working time only (${workingTime}): the clock stops evenings, weekends and off days. First contact is the first move from New to a later status.`,
  },
  /** Speed to lead (issue 46, item 7): the automatic first message, then a person, per week and agent. */
  speed: {
    title: 'Speed to lead',
    intro:
      'How soon buyers heard from us, per week of arrival and agent: first the automatic message (the WhatsApp or SMS first reply, or the e-mail receipt, round the clock), then a person (a call logged or a reply sent from the lead page, in working time). The automatic messages never count as contact.',
    caption: (week: string) => `Week of ${week}: speed to lead per agent`,
    week: (week: string) => `Week of ${week}`,
    agent: 'Agent',
    leads: 'Leads',
    firstMessage: 'First message',
    firstContact: 'First contact',
    median: 'median',
    nobody: 'Nobody yet',
    notYet: 'not yet',
    withinTarget: (n: number, of: number) => `${n} of ${of} within target`,
    empty: 'No leads arrived in this period.',
    earlier: (weeks: number) => `Show ${plural(weeks, 'earlier week')}`,
  },
  /** Site inspections (issue 44, item 9): the leads of the period on their way to a sale, and the inspections held. */
  inspections: {
    title: 'Site inspections',
    intro:
      'Land sells at the inspection: of the leads that arrived in this period, how many booked a seat, came and bought, and how the inspections of these days filled.',
    kpis: {
      label: 'Site inspections in this period',
      booked: 'Booked an inspection',
      bookedHint: (leads: number) => `of ${plural(leads, 'lead')} in this period`,
      attended: 'Came to one',
      attendedHint: (booked: number) => `of the ${plural(booked, 'lead')} who booked`,
      noShow: 'No-show rate',
      noShowHint: (noShow: number, marked: number) =>
        marked === 0
          ? 'No booking marked yet at an inspection held'
          : `${noShow} of ${plural(marked, 'booking')} marked, inspections held so far`,
      filled: 'Seats filled',
      filledHint: (taken: number, seats: number, walkIns: number) =>
        `${taken} of ${plural(seats, 'seat')}${walkIns ? `, ${plural(walkIns, 'walk-in')} included` : ''}`,
    },
    funnel: {
      title: 'From lead to sale, by district',
      summary: (leads: number, booked: number, attended: number, won: number) =>
        leads === 0
          ? 'No leads in this period.'
          : `Of ${plural(leads, 'lead')}: ${booked} booked an inspection, ${attended} came and ${won} ${won === 1 ? 'is' : 'are'} won.`,
      caption: 'Leads of this period that booked a site inspection, came to one, and are won, per district',
      district: 'District',
      all: 'Both districts',
      columns: { leads: 'Leads', booked: 'Booked', attended: 'Came', won: 'Won' },
      /** Read after the share under a figure. */
      ofLeads: 'of leads',
      explain:
        'Booked: ever had a confirmed seat, even if later cancelled or moved (a place on a waiting list only is not booked). Came: a booking marked came. Won: where the lead stands now. By campaign and landing page: the table under Visits and conversion.',
    },
    slots: {
      title: 'Inspections held in this period',
      summary: (held: number, noShowRate: string, filled: string) =>
        held === 0
          ? 'No inspections in this period.'
          : `${plural(held, 'inspection')}: ${filled} of the seats filled, no-show rate ${noShowRate}.`,
      caption: 'Each inspection of this period: seats filled, walk-ins, people marked came and no-show',
      slot: 'Inspection',
      filled: 'Seats filled',
      came: 'Came',
      noShow: 'No-show',
      /** "10 of 14 seats". */
      seats: (taken: number, seats: number) => `${taken} of ${seats} seats`,
      walkIns: (n: number) => `${plural(n, 'walk-in')}`,
      kind: { on_site: 'On site', video: 'Video tour' },
      upcoming: 'Upcoming',
      calledOff: 'Called off',
      unmarked: (n: number) => `${n} not marked`,
      total: 'All inspections',
      rowsShown: (shown: number, total: number) => `The latest ${shown} of ${total} inspections.`,
      explain:
        'Seats filled: confirmed seats, walk-ins included, of the seats offered (called-off inspections left out). Came and no-show count bookings of leads, as marked on the day; walk-ins are not leads and count in neither. The no-show rate is no-shows of the bookings marked, for inspections already held.',
      empty: 'No inspections in this period.',
    },
    none: '—',
  },
  /** Visits set against leads (issue 32; docs/decisions/0351-conversion-in-the-dashboard.md). */
  /** Money per campaign (issue 59, item 7; docs/decisions/0416): the ledger's money of the period, and the funnel to paid in full. */
  money: {
    title: 'Money received',
    intro:
      'What buyers paid in this period by the day the money moved, net of refunds and reversals: deposits and instalments, by the campaign and page that brought the buyer, the district and the month.',
    kpis: {
      label: 'Money received in this period',
      total: 'Received',
      totalHint: 'Net of refunds and reversals',
      deposits: 'Deposits',
      depositsHint: 'Towards the plans’ deposits',
      instalments: 'Instalments',
      instalmentsHint: 'After the deposit was paid',
      paidInFull: 'Paid in full',
      paidInFullHint: (leads: number) => `Of the period’s ${leads.toLocaleString('en-GB')} leads`,
    },
    funnel: {
      title: 'From lead to paid in full',
      caption: 'The period’s leads at each step',
      steps: { leads: 'Leads', booked: 'Booked an inspection', held: 'Held a plot', reserved: 'Reserved', paid: 'Paid in full' },
      ofLeads: (share: string) => `${share} of leads`,
    },
    tables: {
      campaign: 'By campaign',
      page: 'By landing page',
      district: 'By district',
      month: 'By month',
      noCampaign: 'No campaign',
      noPage: 'Not known',
      deposits: 'Deposits',
      instalments: 'Instalments',
      total: 'Total',
      none: 'No money in this period.',
    },
  },
  conversion: {
    title: 'Visits and conversion',
    intro:
      'Visits counted on the server (no cookies, no scripts) set against the leads they became, for the same days: which campaigns bring buyers, not only clicks.',
    kpis: {
      label: 'Visits and conversion in this period',
      visits: 'Visits',
      visitsHint: 'Arrivals on the public pages, bots left out',
      visitors: 'Visitors',
      visitorsHint: 'Once per day, page and source',
      leads: 'Leads',
      leadsHint: 'The same leads as the figures above',
      conversion: 'Conversion',
      conversionHint: 'Leads ÷ visitors',
    },
    views: { label: 'Group by', source: 'Source and campaign', page: 'Landing page' },
    chartTitle: { source: 'Conversion by source and campaign', page: 'Conversion by landing page' },
    summary: (
      view: 'source' | 'page',
      total: { visitors: number; leads: number; conversion: string },
      top: { name: string; visitors: number; leads: number; conversion: string } | undefined,
    ) => {
      if (top === undefined) return 'No visits or leads in this period.';
      if (total.visitors === 0) return `${counted(total.leads, 'lead')}, and no visits counted in this period.`;
      return `${counted(total.leads, 'lead')} from ${counted(total.visitors, 'visitor')} (${total.conversion}). Most visitors ${view === 'source' ? 'came from' : 'landed on'} ${top.name}: ${counted(top.visitors, 'visitor')}, ${counted(top.leads, 'lead')} (${top.conversion}).`;
    },
    chartNote: (shown: number, total: number) =>
      shown < total
        ? `Bars show leads ÷ visitors for the ${shown} rows with the most visitors; all ${total} are in the table.`
        : 'Bars show leads ÷ visitors, rows with the most visitors first.',
    chartLabel: (conversion: string, leads: number, visitors: number) => `${conversion} · ${leads} of ${visitors.toLocaleString('en-GB')}`,
    chartLabelWide: (conversion: string, leads: number, visitors: number) =>
      `${conversion} · ${counted(leads, 'lead')} from ${counted(visitors, 'visitor')}`,
    noVisits: (leads: number) => `${plural(leads, 'lead')}, no visits counted`,
    columns: {
      source: 'Source',
      page: 'Landing page',
      visits: 'Visits',
      visitors: 'Visitors',
      leads: 'Leads',
      conversion: 'Conversion',
      booked: 'Booked',
      attended: 'Came',
      won: 'Won',
      plotsHeld: 'Held a plot',
      plotsReserved: 'Reserved',
      reservedKobo: 'Value reserved',
    },
    /** On phones, a row's leads that held and reserved a plot, and the value reserved (docs/decisions/0413). */
    plotLine: (held: number, reserved: number, value: string) => `${held} held a plot · ${reserved} reserved (${value})`,
    plotsNote:
      'Held a plot: of these leads, how many ever held one. Reserved: how many have a reservation standing (a deposit recorded, or sold), and its value at the prices frozen when each plot was held.',
    /** On phones, where the inspection columns do not fit, a row's leads on their way through an inspection. */
    inspectionLine: (booked: number, attended: number, won: number) => `${booked} booked · ${attended} came · ${won} won`,
    /** Under a row's leads: how many of them began as a chat on WhatsApp (docs/decisions/0399). */
    byWhatsApp: (n: number) => `${n} by WhatsApp`,
    inspectionsNote:
      'Booked, came and won: of these leads, how many ever had a confirmed seat on a site inspection, came to one, and are won now.',
    /** Column names on phones, where four figures share the width with the name. */
    shortColumns: { conversion: 'Conv.' },
    caption: (view: 'source' | 'page', column: string, direction: string) =>
      `Visits, visitors, leads and conversion ${view === 'source' ? 'by source and campaign' : 'by landing page'}, sorted by ${column.toLowerCase()}, ${direction}`,
    /** How a header link sorts, read after the column's name. */
    sortBy: { asc: 'sort smallest first', desc: 'sort largest first', nameAsc: 'sort A to Z', nameDesc: 'sort Z to A' },
    sorted: { asc: 'smallest first', desc: 'largest first', nameAsc: 'A to Z', nameDesc: 'Z to A' },
    direct: 'Direct',
    directDetail: 'Typed, bookmarked or from an app',
    referrerDetail: 'A link on another site',
    campaignDetail: (campaign: string) => `Campaign ${campaign}`,
    noCampaign: 'No campaign name',
    home: 'Home page',
    notRecorded: 'Not recorded',
    notRecordedDetail: 'Leads sent without their landing page',
    empty: 'No visits or leads in this period.',
    visitorsNote:
      'A visitor is counted once per day, page and source: someone who comes back another day, or from another source, counts again, so visitors added up over rows count some people twice.',
    districtNote: (district: string) =>
      `Leads for ${district} only. Visits: its district page, and pages both districts share (the home page) in full, as a visit there is not yet for one district.`,
    countingSince: (day: string) => `Visits are counted from ${day}: leads before then have no visits to compare with.`,
    notCountedYet: 'No visits have been counted yet: leads show without visits until the site has counted some.',
    rowsShown: (shown: number, total: number) => `The first ${shown} of ${total} rows in this order; the CSV has all of them.`,
    csv: 'Download this table (CSV)',
    none: '—',
    errors: {
      view: 'Group by source or by landing page (view=source or view=page).',
      sort: 'Sort by name, visits, visitors, leads, conversion, booked, attended or won.',
      dir: 'Sort in the direction asc or desc.',
    },
  },
} as const;

export const ASSIGNMENT_COPY = {
  agent: 'Agent',
  unassigned: 'Not assigned',
  reassign: 'Give this lead to',
  nobody: 'Nobody (unassigned)',
  save: 'Save',
  saved: 'Lead reassigned.',
  filter: 'Agent',
  anyAgent: 'All agents',
  mine: 'My leads',
  none: 'Not assigned',
  panel: {
    title: 'Assignment',
    intro:
      'New leads go in turn to the agents who take new leads: the one who has waited longest gets the next. The sales e-mail goes to that agent as well as the sales address.',
    autoOn: 'Round-robin is on',
    autoOff: 'Round-robin is off: new leads stay unassigned',
    turnOn: 'Turn round-robin on',
    turnOff: 'Turn round-robin off',
    claimRule: (minutes: number) =>
      minutes > 0
        ? `A new lead nobody claims ("I'm on it") within ${minutes} working minutes passes to the next agent, and after the last to the owners.`
        : 'New leads stay with their agent until claimed (LEAD_CLAIM_MINUTES is 0).',
    alertsTheirs: 'Phone alerts: each new lead to its agent',
    alertsEveryone: 'Phone alerts: every new lead to everyone',
    alertsIntro:
      'Staff turn alerts on for their phone on Your account. With round-robin off, or nobody taking new leads, every agent on duty is alerted (the owners when there is none).',
    alertEveryoneOn: 'Alert everyone to every lead',
    alertEveryoneOff: 'Alert only the lead’s agent',
    switched: 'Saved.',
    caption: 'Agents and their leads',
    open: 'Open leads',
    overdue: 'Overdue',
    takes: 'Takes new leads',
    yes: 'Yes',
    no: 'No',
    start: 'Give new leads',
    stop: 'Stop new leads',
    noAgents: 'No agent accounts yet. Add agents on the Staff page.',
  },
  myLeads: {
    heading: 'My leads',
    intro: 'Open leads that are yours, overdue ones first.',
    empty: 'No open leads are yours right now.',
    all: (n: number) => `All my leads (${n})`,
    takesOn: 'You take new leads in turn.',
    takesOff: 'You do not take new leads.',
    startTaking: 'Take new leads',
    stopTaking: 'Stop taking new leads',
    saved: 'Saved.',
    allLeads: 'All leads',
  },
  overdue: {
    badge: 'Overdue',
    only: 'Overdue only',
    hint: (target: string) => `Still new after ${target} of working time`,
  },
  history: {
    system: 'Automatic',
    assigned: (to: string | null, roundRobin: boolean) =>
      to ? `gave the lead to ${to}${roundRobin ? ' (round-robin)' : ''}` : 'took the lead from its agent',
    overdueReminder: (to: string | null) => `sent the overdue reminder to ${to ?? 'the sales address'}`,
    claimed: (from: string | null) => `is on it (claimed the lead${from ? ` from ${from}` : ''})`,
    handedOver: (from: string | null, to: string | null) =>
      `passed the lead ${from ? `from ${from} ` : ''}to ${to ?? 'the owners'}: not claimed in time`,
  },
  access: {
    heading: 'Which leads agents see',
    own: 'Agents see their own leads and the new ones they may claim.',
    every: 'Agents see and change every lead.',
    intro:
      'Owners always see every lead, and only owners download the lead CSV. With agents on their own leads, a departing agent takes only theirs.',
    showEvery: 'Let agents see every lead',
    showOwn: 'Agents see only their own leads',
    saved: 'Saved: it applies to every agent now.',
    claimFirst: "This lead is not yours yet: press “I'm on it” to claim it first.",
    claimHint: "Press “I'm on it” to make this lead yours; then you can change its status and add notes.",
    visibleLeads: 'Your leads and leads to claim',
  },
  claim: {
    button: "I'm on it",
    claimed: 'Claimed: the lead is yours.',
    // The same for a lead that does not exist and one outside the agent's scope, so it confirms neither.
    gone: 'This lead is not there for you to claim: someone else may have it now.',
    claimedBy: (who: string | undefined, when: string) => `${who ?? 'Someone'} is on it · claimed ${when}`,
    waiting: (who: string, minutes: number) =>
      `Offered to ${who}: it passes to the next agent if nobody claims it within ${minutes} working minutes.`,
    refused: {
      claimed: (who: string | null) => `${who ?? 'Someone else'} has already claimed this lead.`,
      theirs: (who: string | null) => `This lead was given to ${who ?? 'another agent'}; an owner can give it to you.`,
      closed: () => 'Only a new lead can be claimed.',
    },
  },
  errors: {
    assignee: 'Choose a staff member from the list, or nobody.',
    change: 'Send autoAssign or alertEveryone (true or false), or a staffId with takesNewLeads (true or false).',
    noSuchAgent: 'That staff account does not exist or is deactivated.',
    access: 'Send agentsSeeEveryLead: true or false.',
  },
} as const;

/** Leads held in a flood (docs/decisions/0343-a-flood-is-held-not-refused.md): the inbox's notice and an owner's verdict. */
export const HELD_LEADS_COPY = {
  notice: (n: number, since: string) =>
    `${n === 1 ? '1 lead' : `${n} leads`} held since ${since}: a flood, or many from one block of addresses. Stored and answered; nobody has been e-mailed about them.`,
  ownerNext: 'Release the real ones (the sales team and the buyers get their e-mails then), or discard them.',
  agentNext: 'An owner reviews them; released leads come into the inbox as new.',
  review: 'Review held leads',
  release: (n: number) => (n === 1 ? 'Release the held lead' : `Release all ${n} held leads`),
  discard: (n: number) => (n === 1 ? 'Discard the held lead' : `Discard all ${n} held leads`),
  confirmDiscard: (n: number) =>
    `Delete ${n === 1 ? 'the held lead' : `all ${n} held leads`} for good? Nobody will be told. Release any real buyer first.`,
  confirmRelease: (n: number) =>
    `Release ${n === 1 ? 'the held lead' : `all ${n} held leads`}? The sales team is e-mailed and ${n === 1 ? 'its buyer gets a receipt' : `${n} buyers get a receipt`}, now.`,
  /** The release confirmed a count that is no longer the count held: nothing was released (0385). */
  countChanged: (confirmed: number, now: number) =>
    `Nothing was released: you confirmed ${confirmed} held lead${confirmed === 1 ? '' : 's'}, but ${now} ${now === 1 ? 'is' : 'are'} held now (the flood may go on). Review them and release again.`,
  countMissing: 'Say how many held leads you are releasing (the count shown), so a flood arriving meanwhile is not released blind.',
  released: (n: number) => (n === 1 ? '1 lead released to the sales team.' : `${n} leads released to the sales team.`),
  discarded: (n: number) => (n === 1 ? '1 held lead discarded.' : `${n} held leads discarded.`),
} as const;
