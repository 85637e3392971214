import type { DistrictChoice } from '@/lib/db/enums';

/**
 * Site inspections (docs/decisions/0391-site-inspections-booked-online.md): where a fresh install's default inspection
 * meets, until an owner sets the schedule in the staff area (Inspections). The estate's own gate, which the district
 * pages already name, with a map search link rather than invented coordinates.
 */
export const DEFAULT_MEETING_PLACES: Record<DistrictChoice, { meetingPoint: string; mapUrl: string }> = {
  'Lugbe, Abuja': {
    meetingPoint: 'District 1 estate gate, Airport Road, Lugbe, Abuja',
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=Lugbe%2C%20Airport%20Road%2C%20Abuja',
  },
  'Moniya, Ibadan': {
    meetingPoint: 'District 2 estate gate, Ibadan–Oyo road, Moniya, Ibadan',
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=Moniya%2C%20Akinyele%2C%20Ibadan',
  },
};
