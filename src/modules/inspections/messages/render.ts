import {
  BOOKING_ALERT_COPY,
  BUYER_MESSAGE_COPY,
  REMINDER_PHONE_COPY,
  SLOT_FILLING_COPY,
  type BookingForCopy,
} from '@/content/inspection-messages';
import { phoneGreetingName } from '@/content/conversations';
import { DISTRICTS, districtLabel } from '@/content/districts';
import { leadName } from '@/content/staff';
import { telHref, whatsappHref } from '@/lib/contact-links';
import type { DistrictChoice, InspectionKind } from '@/lib/db/enums';
import { emailButton as button, emailLayout as layout, emailLink as link, escapeHtml } from '@/lib/mail/html';
import type { PushMessage } from '@/lib/push/message';

/**
 * The messages a site-inspection booking sets off (docs/decisions/0391), as plain text and HTML, like the lead's
 * (src/modules/leads/notifications/messages.ts): whatever a person typed is escaped, no images, no tracking. Pure, so the
 * tests read them without sending.
 */

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

/** The buyer's messages: one per change of the booking, and the two reminders. */
export type BuyerMessageKind = 'booked' | 'waiting' | 'promoted' | 'moved' | 'cancelled' | 'called_off' | 'reminder_24h' | 'reminder_2h';

/** What a booking's messages say of it. */
export interface BookingView {
  person: { title: string | null; fullName: string };
  slot: {
    district: DistrictChoice;
    startsAt: Date;
    kind: InspectionKind;
    meetingPoint: string | null;
    mapUrl: string | null;
    videoUrl: string | null;
    agentName: string | null;
  };
  partySize: number;
  state: 'confirmed' | 'waiting' | 'cancelled';
}

const LAGOS = 'Africa/Lagos';
const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: LAGOS, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: LAGOS, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const shortDayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: LAGOS, weekday: 'short', day: 'numeric', month: 'short' });

export const districtNameOf = (choice: DistrictChoice) => {
  const district = DISTRICTS.find((d) => d.choice === choice);
  return district ? districtLabel(district) : choice;
};

/** "Saturday 5 December 2026" (en-GB would put a comma after the weekday). */
const dayOf = (at: Date) => {
  const part = (type: Intl.DateTimeFormatPartTypes) => dayFormat.formatToParts(at).find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
};

export function copyOf(view: BookingView): BookingForCopy {
  const time = timeFormat.format(view.slot.startsAt);
  return {
    person: leadName(view.person),
    day: dayOf(view.slot.startsAt),
    time,
    short: `${shortDayFormat.format(view.slot.startsAt)}, ${time}`,
    district: districtNameOf(view.slot.district),
    video: view.slot.kind === 'video',
    partySize: view.partySize,
  };
}

/** The links and facts a buyer's message carries besides the booking. */
export interface BuyerLinks {
  brand: string;
  /** The site's WhatsApp number (staff have no numbers of their own: the sales line, with the guide named). */
  whatsapp: string;
  /** Move or cancel (the booking's signed link). */
  manageUrl: string;
  /** Book another slot (the lead's signed link), for a cancelled or called-off booking. */
  bookUrl?: string;
  cutoffHours: number;
  /** The place in the waiting line, for a booking that waits. */
  waitingPlace?: number | null;
  /** Whether a calendar file goes with it. */
  calendar: boolean;
}

const paragraph = (text: string) => `<p style="margin:0 0 12px">${escapeHtml(text)}</p>`;
const heading = (text: string) => `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(text)}</h2>`;
const note = (text: string) => `<p style="font-size:13px;color:#5b6b61;margin-top:24px">${escapeHtml(text)}</p>`;
const htmlRows = (rows: [string, string][]) =>
  `<table style="border-collapse:collapse;width:100%;font-size:14px">${rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#5b6b61;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;

/** The buyer's message of `kind` about `view`. */
export function buyerMessage(kind: BuyerMessageKind, view: BookingView, links: BuyerLinks): Rendered {
  const copy = BUYER_MESSAGE_COPY;
  const b = copyOf(view);
  const waiting = view.state === 'waiting';
  const ended = kind === 'cancelled' || kind === 'called_off';
  const variant = kind === 'moved' && waiting ? 'movedWaiting' : kind;
  const subject = copy.subjects[variant](b);
  const intro = variant === 'waiting' ? copy.intros.waiting(b, links.waitingPlace ?? null) : copy.intros[variant](b);
  const video = view.slot.kind === 'video';
  const agent = view.slot.agentName;
  const whatsapp = whatsappHref(links.whatsapp, copy.whatsappMessage(b, agent));

  const details: [string, string][] = [
    [copy.fields.when, copy.when(b)],
    [copy.fields.where, video ? copy.videoTour : (view.slot.meetingPoint ?? b.district)],
    [copy.fields.district, b.district],
    [copy.fields.party, copy.party(view.partySize)],
  ];
  // A booking that ended needs no way there, nor a way to undo a booking the reader never made.
  const place: { href: string; label: string } | undefined = ended
    ? undefined
    : video
      ? view.slot.videoUrl
        ? { href: view.slot.videoUrl, label: copy.joinVideo }
        : undefined
      : view.slot.mapUrl
        ? { href: view.slot.mapUrl, label: copy.openMap }
        : undefined;
  const bring = copy.bring[view.slot.kind];
  const manageLabel = waiting ? copy.waitingManage : copy.manageLink;
  const calendarLine = links.calendar ? (ended ? copy.calendarCancelled : copy.calendar) : undefined;

  const text = [
    copy.greeting(b),
    '',
    intro,
    '',
    `${copy.detailsTitle}:`,
    ...details.map(([label, value]) => `${label}: ${value}`),
    ...(place ? [`${place.label}: ${place.href}`] : video && !ended ? [copy.videoLinkLater] : []),
    ...(ended || waiting ? [] : ['', `${copy.bringTitle}:`, ...bring.map((line) => `- ${line}`)]),
    ...(ended ? [] : ['', `${copy.guideTitle}: ${copy.guide(agent)}`, `${copy.whatsapp}: ${whatsapp}`]),
    ...(ended
      ? links.bookUrl
        ? ['', `${copy.bookAgain}: ${links.bookUrl}`, `${copy.whatsapp}: ${whatsapp}`]
        : ['', `${copy.whatsapp}: ${whatsapp}`]
      : ['', `${copy.manageTitle} ${copy.manage(links.cutoffHours)}`, `${manageLabel}: ${links.manageUrl}`]),
    ...(calendarLine ? ['', calendarLine] : []),
    ...(ended ? [] : ['', copy.notYou]),
    '',
    copy.signOff(links.brand),
  ].join('\n');

  const html = layout(
    paragraph(copy.greeting(b)) +
      paragraph(intro) +
      heading(copy.detailsTitle) +
      htmlRows(details) +
      (place
        ? `<p style="margin:12px 0 0">${link(place.href, place.label)}</p>`
        : video && !ended
          ? `<p style="margin:12px 0 0;font-size:14px">${escapeHtml(copy.videoLinkLater)}</p>`
          : '') +
      (ended || waiting
        ? ''
        : heading(copy.bringTitle) +
          `<ul style="padding-left:20px;margin:0">${bring.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`) +
      (ended
        ? `<p style="margin:24px 0 0">${links.bookUrl ? button(links.bookUrl, copy.bookAgain) : ''}</p>` +
          `<p style="margin:16px 0 0">${link(whatsapp, copy.whatsapp)}</p>`
        : heading(copy.guideTitle) +
          paragraph(copy.guide(agent)) +
          `<p style="margin:0">${link(whatsapp, copy.whatsapp)}</p>` +
          heading(copy.manageTitle) +
          paragraph(copy.manage(links.cutoffHours)) +
          `<p style="margin:0">${button(links.manageUrl, manageLabel)}</p>`) +
      (calendarLine ? note(calendarLine) : '') +
      (ended ? '' : note(copy.notYou)) +
      `<p style="white-space:pre-line">${escapeHtml(copy.signOff(links.brand))}</p>`,
  );
  return { subject, text, html };
}

/** The calendar entry's words (src/modules/inspections/buyer/calendar.server.ts builds the file). */
/** A reminder as it goes to the buyer's phone: the WhatsApp template's parameters and text, and the SMS. */
export interface PhoneMessage {
  parameters: string[];
  text: string;
  sms: string;
}

export function reminderForPhone(view: BookingView, brand: string): PhoneMessage {
  const copy = copyOf(view);
  // A stranger may have typed the name for this number: its first name only (docs/decisions/0403).
  const parameters = REMINDER_PHONE_COPY.parameters(copy, phoneGreetingName(view.person.fullName));
  return { parameters, text: REMINDER_PHONE_COPY.text(parameters), sms: REMINDER_PHONE_COPY.sms(copy, brand) };
}

export function calendarWords(view: BookingView, brand: string, manageUrl: string) {
  const b = copyOf(view);
  return {
    summary: BUYER_MESSAGE_COPY.calendarSummary(b, brand),
    description: BUYER_MESSAGE_COPY.calendarDescription(b, view.slot.agentName, manageUrl),
    location: view.slot.kind === 'video' ? BUYER_MESSAGE_COPY.videoTour : (view.slot.meetingPoint ?? b.district),
  };
}

/** Where a lead opens in the staff app. */
const leadPath = (leadId: string) => `/admin/leads/${leadId}`;
/** The staff's Inspections page. */
export const INSPECTIONS_ADMIN_PATH = '/admin/inspections';

/** To the lead's agent and the sales addresses: a new booking (or a place on a waiting list), with one-tap call. */
export function bookingAlertEmail(view: BookingView, lead: { id: string; phone: string }, siteUrl: string): Rendered {
  const copy = BOOKING_ALERT_COPY;
  const b = copyOf(view);
  const waiting = view.state === 'waiting';
  const intro = copy.intro(b, waiting);
  const tel = telHref(lead.phone);
  const open = `${siteUrl}${leadPath(lead.id)}`;
  const call = `Call ${lead.phone}`;
  const openLabel = 'Open the lead in the staff inbox';
  const text = [intro, '', `${call}: ${tel}`, `${openLabel}: ${open}`, '', copy.why].join('\n');
  const html = layout(
    paragraph(intro) +
      `<p style="margin:24px 0 0;font-size:16px">${link(tel, call)}</p>` +
      `<p style="margin:12px 0 0">${link(open, openLabel)}</p>` +
      note(copy.why),
  );
  return { subject: copy.subject(b, waiting), text, html };
}

/** The push alert beside it: encrypted to each phone by the push standard, so the name may travel in it. */
export function bookingAlertPush(view: BookingView, leadId: string, bookingId: string): PushMessage {
  const b = copyOf(view);
  const waiting = view.state === 'waiting';
  return {
    title: BOOKING_ALERT_COPY.pushTitle(view.slot.district, waiting),
    body: BOOKING_ALERT_COPY.pushBody(b),
    url: leadPath(leadId),
    tag: `inspection-${bookingId}`,
  };
}

/** To the owners, once per slot: it is nearly full. */
export function slotFillingEmail(slot: BookingView['slot'], taken: number, seats: number, siteUrl: string): Rendered {
  const copy = SLOT_FILLING_COPY;
  const b = copyOf({ person: { title: '', fullName: '' }, slot, partySize: 0, state: 'confirmed' });
  const intro = copy.intro(b, taken, seats);
  const open = `${siteUrl}${INSPECTIONS_ADMIN_PATH}`;
  const text = [intro, '', `${copy.open}: ${open}`, '', copy.why].join('\n');
  const html = layout(paragraph(intro) + `<p style="margin:20px 0 0">${link(open, copy.open)}</p>` + note(copy.why));
  return { subject: copy.subject(b, taken, seats), text, html };
}

export function slotFillingPush(slot: BookingView['slot'], slotId: string, taken: number, seats: number): PushMessage {
  const b = copyOf({ person: { title: '', fullName: '' }, slot, partySize: 0, state: 'confirmed' });
  return {
    title: SLOT_FILLING_COPY.pushTitle,
    body: SLOT_FILLING_COPY.pushBody(b, taken, seats),
    url: INSPECTIONS_ADMIN_PATH,
    tag: `slot-${slotId}`,
  };
}
