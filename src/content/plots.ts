/**
 * The words of choosing a plot (docs/decisions/0412-plots-never-sold-twice.md): the public plan and list, holding a
 * plot, its confirmation, the refusals a buyer or staff member may meet, and the lead's history lines.
 */

const plotCount = (n: number) => `${n.toLocaleString('en-NG')} ${n === 1 ? 'plot' : 'plots'}`;

export const PLOTS_COPY = {
  /** Why a change to a claim was refused, said plainly (the API's `error`, the form's message). */
  refusals: {
    taken: 'This plot was just taken by another buyer. Please choose another plot on the plan.',
    no_plot: 'This plot is not on sale.',
    no_lead: 'We could not find your details. Please fill in the form again.',
    holds_per_buyer:
      'You already hold a plot in this district. Release it or pay its deposit first, or ask your agent to help you hold more than one.',
    not_active: 'This hold or reservation has already ended.',
    lapsed: 'This hold ran out of time and the plot went back on the plan.',
    wrong_stage: 'That step does not follow from where this plot is now.',
    duplicate_payment: 'This payment is already recorded on another plot.',
  },
  statuses: {
    available: 'Available',
    held: 'On hold',
    reserved: 'Reserved',
    sold: 'Sold',
  },
  /** One letter drawn on each plot of the plan, so its status never rests on colour alone. */
  statusMarks: { available: '', held: 'H', reserved: 'R', sold: 'S' },
  counts: (available: number, total: number) => `${available.toLocaleString('en-NG')} of ${plotCount(total)} available`,
  countsShort: (available: number) => `${plotCount(available)} available now`,
  openingSoon: 'Plot selection opens soon. Book a site inspection and our team will show you the plots on the ground.',
  /** The district page's and the home page's line. */
  choosePlotAction: 'Choose your plot',
  /** The live plan on the prerendered district page: an image drawn per request (/api/plots/<district>/plan.svg). */
  planImage: {
    heading: 'Live site plan',
    intro: 'Every plot as it stands right now, drawn from our inventory and updated within seconds of every hold and sale.',
    alt: (districtName: string) => `Live site plan of ${districtName}: available, held, reserved and sold plots`,
    title: (districtName: string) => `Live site plan of ${districtName}`,
    desc: (available: number, total: number) =>
      `${available} of ${plotCount(total)} available. Each plot shows its number; a held plot is marked H and hatched, reserved R and dotted, sold S and filled dark.`,
    unknownDistrict: 'There is no such district.',
    openAction: 'Open the plan to choose a plot',
    openingSoonTitle: 'Plot selection opens soon',
    openingSoonLine: 'Book a site inspection to see the plots on the ground.',
  },
  /** A buyer's own plot on their page's light plan (src/modules/plots/plan/PlotOnPlan.tsx). */
  ownPlot: {
    title: (label: string, districtName: string) => `Your plot ${label} on the site plan of ${districtName}`,
    desc: (label: string, block: string) =>
      `Every plot of the district outlined, block by block; yours, ${label} in block ${block}, filled in brass and marked.`,
    marker: (label: string) => `Your plot · ${label}`,
    fullPlan: 'Open the full site plan',
    plotPage: (label: string) => `Plot ${label}'s page`,
  },
  page: {
    metaTitle: (districtName: string) => `Choose a plot — ${districtName}`,
    metaDescription: (districtName: string, area: string) =>
      `The live site plan of ${districtName}, ${area}: every plot's size, price and status, updated within seconds. Hold the plot you want for 48 hours, free.`,
    eyebrow: (area: string, city: string) => `${area}, ${city} · Live site plan`,
    heading: 'Choose your plot',
    intro: (districtName: string) =>
      `Every plot of ${districtName} as it stands right now. Pick one on the plan or in the list and hold it while you arrange your deposit. Nobody else can take it while it is held.`,
    planHeading: 'Site plan',
    planTitle: (districtName: string) => `Site plan of ${districtName}`,
    planDesc: (available: number, total: number) =>
      `${available} of ${plotCount(total)} available. Each plot shows its number; a held plot is marked H and hatched, reserved R and dotted, sold S and filled dark. Choose a plot to see it and hold it.`,
    legendHeading: 'Key',
    scrollHint: 'Scroll the plan sideways to see every block, or use the list below.',
    listHeading: 'All plots',
    freshness: 'Updated within seconds of every hold and sale.',
    block: (block: string) => `Block ${block}`,
    corner: 'Corner plot',
    sizeSqm: (sqm: number) => `${sqm.toLocaleString('en-NG')} m²`,
    columns: { plot: 'Plot', block: 'Block', size: 'Size', price: 'Price', status: 'Status' },
    filters: {
      legend: 'Filter plots',
      block: 'Block',
      anyBlock: 'Any block',
      minSize: 'Size from (m²)',
      maxSize: 'Size to (m²)',
      maxPrice: 'Price up to (₦)',
      onlyAvailable: 'Only plots available now',
      apply: 'Show plots',
      clear: 'Clear filters',
      shown: (shown: number, total: number) =>
        shown === total ? `Showing all ${plotCount(total)}` : `Showing ${shown} of ${plotCount(total)}`,
      none: 'No plot matches these filters.',
      page: (page: number, pages: number) => `page ${page} of ${pages}`,
      pages: 'Pages of the list',
      previous: 'Previous',
      next: 'Next',
    },
    hold: 'Hold this plot',
    view: (label: string) => `Plot ${label}`,
    howHeading: 'How holding a plot works',
    how: [
      (hours: number) => `Hold the plot you want for ${hours} hours, free. Nobody else can take it while it is held.`,
      () => 'Our team calls you to answer your questions and arrange your deposit.',
      () => 'Pay the deposit before the hold ends and the plot is reserved in your name.',
      (hours: number) => `If the deposit does not come within ${hours} hours, the hold ends by itself and the plot goes back on the plan.`,
    ],
    trust:
      'One plot, one buyer: our system will not let a plot be held, reserved or sold to two people. The plan never shows who holds or bought a plot.',
  },
  plot: {
    metaTitle: (label: string, districtName: string) => `Plot ${label} — ${districtName}`,
    heading: (label: string) => `Plot ${label}`,
    facts: (block: string, sqm: number) => `Block ${block} · ${sqm.toLocaleString('en-NG')} m²`,
    back: 'Back to the site plan',
    notAvailable: {
      held: 'This plot is on hold for another buyer. If the hold ends without a deposit, it comes back on the plan.',
      reserved: 'This plot is reserved by another buyer.',
      sold: 'This plot is sold.',
    },
    formHeading: 'Hold this plot for free',
    formIntro: (hours: number) => `We hold it for ${hours} hours. Your details go only to our sales team.`,
    knownBuyer: (name: string) => `Holding for ${name}`,
    notYou: 'Not you? Hold with your own details',
    submit: 'Hold this plot',
    privacyNote: 'We use your details only to hold this plot for you and to contact you about it.',
    submitting: 'Holding…',
  },
  held: {
    metaTitle: 'Your plot is on hold',
    eyebrow: 'Plot on hold',
    heading: (label: string) => `Plot ${label} is held for you`,
    until: (lagos: string) => `Held until ${lagos}, Lagos time`,
    yourTime: (local: string) => `That is ${local} where you are.`,
    nextHeading: 'What happens next',
    next: [
      'Our team will call you shortly to answer your questions and arrange your deposit.',
      'Pay the deposit before the hold ends and the plot is reserved in your name.',
      'If the hold ends without a deposit, the plot goes back on the plan for other buyers.',
    ],
    told: 'We have sent you these details, and your agent has been told.',
    /** The buyer's own page (src/content/buyers.ts), where the hold, its payments and receipts stay. */
    yourPage: 'Follow your plot and payments on your page',
    back: 'Back to the site plan',
    ended: 'This hold has ended.',
    reserved: 'Your deposit is recorded: this plot is reserved in your name.',
  },
  /** The hold's messages: to the buyer at once and before it lapses; to the lead's agent (or sales) at once. */
  messages: {
    heldSubject: (label: string, district: string) => `Plot ${label}, ${district}, is held for you`,
    reminderSubject: (label: string) => `Your hold on plot ${label} ends soon`,
    greeting: (name: string) => `Dear ${name},`,
    held: (label: string, district: string, until: string) =>
      `Plot ${label} in ${district} is held for you until ${until}, Lagos time. Nobody else can take it until then.`,
    reminder: (label: string, until: string) =>
      `Your hold on plot ${label} ends at ${until}, Lagos time. Pay the deposit before then and the plot is reserved in your name; otherwise it goes back on the plan.`,
    next: 'Our team will call you shortly to answer your questions and arrange your deposit.',
    view: 'See your hold',
    agentSubject: (label: string, district: string) => `Plot ${label}, ${district}, held by a buyer`,
    agentBody: (name: string, label: string, until: string) =>
      `${name} has held plot ${label} until ${until}, Lagos time. Call them to arrange the deposit before the hold ends.`,
    agentReminderSubject: (label: string) => `Hold on plot ${label} ends soon`,
    agentReminder: (name: string, label: string, until: string) =>
      `${name}'s hold on plot ${label} ends at ${until}, Lagos time, with no deposit recorded yet.`,
    releasedSubject: (label: string, district: string) => `Plot ${label}, ${district}, is no longer reserved for you`,
    released: (label: string, district: string) =>
      `Your reservation of plot ${label} in ${district} has ended, and the plot is no longer held in your name.`,
    releasedNext:
      'Nothing you have paid is lost: every payment stays on your account with us. Our team will contact you about a refund or another plot; you can also reply to this e-mail.',
    openLead: 'Open the lead',
    signOff: (brand: string) => `${brand} sales team`,
  },
  /** Lines of the lead's history (staff area). */
  history: {
    plot_held: (plot: string) => `held plot ${plot}`,
    plot_hold_extended: (plot: string) => `extended the hold on plot ${plot}`,
    plot_released: (plot: string) => `released plot ${plot}`,
    plot_lapsed: (plot: string) => `hold on plot ${plot} lapsed`,
    plot_reserved: (plot: string) => `reserved plot ${plot}`,
    plot_sold: (plot: string) => `sold plot ${plot}`,
    plot_allocated: (plot: string) => `allocated plot ${plot}`,
  },
} as const;
