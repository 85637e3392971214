/** Copy of the Submit Interest popup, the sending overlay and the browser's error catalogue (spec §4, §8). */
export const INTEREST_COPY = {
  dialogTitle: 'Submit Interest',
  dialogIntro: 'Leave your details and a member of our sales team will call you, usually within the hour on working days.',
  close: 'Close',
  labels: {
    title: 'Title',
    fullname: 'Full name',
    email: 'E-mail',
    phonenumber: 'Phone number',
    district: 'Preferred district',
  },
  placeholders: {
    fullname: 'e.g. Adaeze Okafor',
    email: 'name@example.com',
    phonenumber: '+234***',
  },
  phoneHint: 'Include your country code if you are outside Nigeria.',
  submit: 'Submit Interest',
  privacyNote: 'We use your details only to contact you about our districts.',
  privacyLink: 'Privacy Policy',
  submitting: 'Submitting...',
  successToast: 'Interest Sumitted!',
  confirmationTitle: 'Thank you',
  confirmation: 'Your Interest has been submitted! We will reach out shortly ...',
  confirmationDetail: 'A member of our sales team will call you on the number you gave us. Tap or click anywhere to close.',
  nextStepsLabel: 'While you wait',
  whatsappNow: 'Chat on WhatsApp now',
  buyingProcess: (districtName: string) => `How buying in ${districtName} works`,
  honeypotLabel: 'Leave this field empty',
  savedOffline: 'Your details are saved on this device and will be sent automatically when you are back online.',
} as const;

export const ERROR_COPY = {
  network: 'Could not connect to the Server. Could be your network. Check and try again',
  sessionExpired: 'session expired: please re-login',
  unexpected: (detail: string) => `Unexpected error: ${detail}`,
} as const;

/** The pages of the interest form for visitors whose scripts have not loaded (docs/decisions/0011). */
export const INTEREST_PAGE_COPY = {
  metaTitle: 'Submit Interest',
  metaDescription: 'Leave your details and our sales team will call you about a plot in Lugbe, Abuja or Moniya, Ibadan.',
  eyebrow: 'Plots in Abuja and Ibadan',
  thanksMetaTitle: 'Interest submitted',
  thanksDetail:
    'A member of our sales team will call you on the number you gave us, usually within the hour on working days. We have also sent a receipt to your e-mail address.',
  whatsapp: 'Chat with us on WhatsApp',
  whatsappMessage: (ref: string) => `Hello, I have just submitted my interest on your website. ${ref}`,
  backHome: 'Back to the home page',
  districts: 'Our districts',
} as const;
