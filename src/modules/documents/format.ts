/** "3 March 2026": a Lagos day as the documents' pages write it. */
export const shortDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
