/**
 * Copy of the sales dashboard, lead assignment and overdue leads (docs/decisions/0205–0207). The inbox's own copy
 * stays in ./staff.ts.
 */

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

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
    title: 'Leads per day',
    summary: (total: number, days: number, busiest: string | undefined) =>
      total === 0
        ? `No leads in these ${days} days.`
        : `${plural(total, 'lead')} in ${days} days${busiest ? `; the busiest day was ${busiest}` : ''}.`,
    caption: 'Leads per day and district',
    day: 'Day',
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
  },
  errors: {
    assignee: 'Choose a staff member from the list, or nobody.',
    change: 'Send autoAssign (true or false), or a staffId with takesNewLeads (true or false).',
    noSuchAgent: 'That staff account does not exist or is deactivated.',
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
  released: (n: number) => (n === 1 ? '1 lead released to the sales team.' : `${n} leads released to the sales team.`),
  discarded: (n: number) => (n === 1 ? '1 held lead discarded.' : `${n} held leads discarded.`),
} as const;
