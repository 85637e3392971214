/** The words of a district page's land offer and contact choices, the same for every district (./districts.ts). */

/** When the sales team answers, said wherever the site offers a call or a WhatsApp chat. */
export const SALES_HOURS = 'We answer calls and WhatsApp messages 8am–6pm (WAT), Monday to Saturday.';

export const OFFER_COPY = {
  heading: 'Land offer',
  factPlotSize: 'Plot size',
  factPrice: 'Price',
  factLocation: 'Location',
  sitePlanAlt: (district: string) => `Master plan drawing of ${district}: plots, roads, a central park and amenity sites.`,
  sitePlanLegendLabel: 'Key to the master plan',
  // The drawing is artwork: which plots are free is the live plan's to say (docs/decisions/0412), never this key's.
  sitePlanLegend: {
    available: 'Plots (illustration)',
    sold: 'Plots of other phases (illustration)',
    amenities: 'Amenities and open space',
  },
  perPlot: (sqm: number) => `${sqm} sqm`,
  priceLabel: 'Outright price',
  depositLabel: 'Initial deposit',
  balanceLabel: 'Balance after deposit',
  planHeading: 'Instalment view',
  planIntro: 'Pay the initial deposit, then spread the balance over equal monthly payments.',
  monthsLabel: 'Spread the balance over',
  monthsOption: (m: number | string) => `${m} months`,
  monthlyLabel: 'Monthly payment',
  scheduleSummary: 'See the full monthly schedule',
  scheduleMonth: 'Month',
  scheduleAmount: 'Amount',
  scheduleDeposit: 'Initial deposit (on allocation)',
  indicative: 'Indicative only, with no interest charged: your final payment plan is agreed with our sales team in writing.',
  contactUs: 'Contact Us',
  submitInterest: 'Submit Interest',
  contactTitle: 'Contact our sales team',
  contactIntro: `Choose how you would like to reach us. ${SALES_HOURS}`,
  call: 'Call',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  whatsappMessage: (district: string, ref: string) =>
    `Hello, I am interested in a plot in ${district}. Please send me more details. ${ref}`,
  emailSubject: (district: string) => `Plot enquiry: ${district}`,
  driveTime: (minutes: number) => `About ${minutes} minutes`,
  showAllLandmarks: (n: number) => `Show all ${n} landmarks`,
  showFewerLandmarks: 'Show fewer landmarks',
};
