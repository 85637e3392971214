import {
  BOTH_DISTRICTS,
  NOTIFICATION_COPY,
  OVERDUE_REMINDER_COPY,
  FLOOD_ALERT_COPY,
  SMS_PAUSED_ALERT_COPY,
  HAND_OVER_COPY,
  LEAD_PUSH_COPY,
  OWNER_ALERT_COPY,
  RECEIPT_COPY,
  SALES_EMAIL_COPY,
  SLOT_NETWORKS_ALERT_COPY,
  type LeadForMessage,
} from '@/content/notifications';
import type { SiteFacts } from '@/content/site';
import { districtOf, leadName, STAFF_COPY } from '@/content/staff';
import { telHref, whatsappHref } from '@/lib/contact-links';
import type { ChannelAlertRow, LeadRow } from '@/lib/db/schema';
import { formatDateTime, formatDuration } from '@/lib/format';
import type { LeadErasedJob } from '@/lib/jobs/queues';
import { ATTRIBUTION_FIELDS } from '@/lib/lead-attribution';
import { emailButton as button, emailLayout as layout, emailLink as link, escapeHtml } from '@/lib/mail/html';
import type { PushMessage } from '@/lib/push/send.server';

/**
 * The messages a lead sets off, as plain text and HTML. Everything the visitor typed is escaped in the HTML; the
 * messages carry no images and no tracking of any kind.
 */

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const phoneOf = (lead: LeadRow) => lead.phoneE164 ?? lead.phoneRaw;
const forMessage = (lead: LeadRow): LeadForMessage => ({
  name: leadName(lead),
  email: lead.email,
  phone: phoneOf(lead),
  district: districtOf(lead),
});

/** Where a lead opens in the staff app, and where its alert's "I'm on it" posts (same origin: the worker checks). */
const leadPath = (lead: Pick<LeadRow, 'id'>) => `/admin/leads/${lead.id}`;
const claimPath = (lead: Pick<LeadRow, 'id'>) => `/api/admin/leads/${lead.id}/claim`;

/** To the sales team and the lead's agent: every field, the agent, where the lead came from, one-tap call and WhatsApp, and the lead in the inbox. */
export function salesEmail(lead: LeadRow, facts: SiteFacts, siteUrl: string, agent?: string): Rendered {
  const copy = SALES_EMAIL_COPY;
  const person = forMessage(lead);
  const tel = telHref(person.phone);
  const whatsapp = lead.phoneE164
    ? whatsappHref(lead.phoneE164, copy.whatsappGreeting({ name: person.name, district: lead.district }, facts.brand))
    : undefined;
  const inbox = `${siteUrl}${leadPath(lead)}`;
  const details: [string, string][] = [
    [copy.fields.name, person.name],
    [copy.fields.email, lead.email ?? STAFF_COPY.lead.notSaid.email],
    [copy.fields.phone, lead.phoneE164 && lead.phoneE164 !== lead.phoneRaw ? `${lead.phoneRaw} (${lead.phoneE164})` : lead.phoneRaw],
    [copy.fields.district, person.district],
    [copy.fields.origin, STAFF_COPY.lead.origins[lead.origin]],
    [copy.fields.received, formatDateTime(lead.createdAt)],
    [copy.fields.agent, agent ?? copy.noAgent],
  ];
  const attribution = ATTRIBUTION_FIELDS.flatMap((field): [string, string][] => (lead[field] ? [[copy.fields[field], lead[field]]] : []));
  const textRows = (rows: [string, string][]) => rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  const text = [
    copy.intro[lead.origin],
    '',
    textRows(details),
    '',
    `${copy.attribution}:`,
    attribution.length ? textRows(attribution) : copy.noAttribution,
    '',
    `${copy.call}: ${tel}`,
    ...(whatsapp ? [`${copy.whatsapp}: ${whatsapp}`] : []),
    `${copy.openInInbox}: ${inbox}`,
  ].join('\n');

  const htmlRows = (rows: [string, string][]) =>
    `<table style="border-collapse:collapse;width:100%;font-size:14px">${rows
      .map(
        ([label, value]) =>
          `<tr><td style="padding:4px 12px 4px 0;color:#5b6b61;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>`;
  const html = layout(
    `<p style="margin-top:0">${escapeHtml(copy.intro[lead.origin])}</p>${htmlRows(details)}` +
      `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(copy.attribution)}</h2>` +
      (attribution.length ? htmlRows(attribution) : `<p style="font-size:14px">${escapeHtml(copy.noAttribution)}</p>`) +
      `<p style="margin:24px 0 0;font-size:16px">${link(tel, `${copy.call} ${person.phone}`)}` +
      (whatsapp ? ` &nbsp;·&nbsp; ${link(whatsapp, copy.whatsapp)}` : '') +
      `</p><p style="margin:12px 0 0">${link(inbox, copy.openInInbox)}</p>`,
  );
  return { subject: copy.subject(person), text, html };
}

/** To the lead's agent (or sales), once: a lead is still new after its first working hour. */
export function overdueReminderEmail(lead: LeadRow, siteUrl: string, targetMinutes: number): Rendered {
  const copy = OVERDUE_REMINDER_COPY;
  const person = forMessage(lead);
  return callAndOpenEmail(lead, siteUrl, copy.subject(person), copy.intro(person, formatDateTime(lead.createdAt), targetMinutes), copy.why);
}

/** A short message to staff about one lead: why, then one-tap call and the lead in the inbox. */
function callAndOpenEmail(lead: LeadRow, siteUrl: string, subject: string, intro: string, why: string): Rendered {
  const tel = telHref(phoneOf(lead));
  const inbox = `${siteUrl}${leadPath(lead)}`;
  const text = [intro, '', `${SALES_EMAIL_COPY.call}: ${tel}`, `${SALES_EMAIL_COPY.openInInbox}: ${inbox}`, '', why].join('\n');
  const html = layout(
    `<p style="margin-top:0">${escapeHtml(intro)}</p>` +
      `<p style="margin:24px 0 0;font-size:16px">${link(tel, `${SALES_EMAIL_COPY.call} ${phoneOf(lead)}`)}</p>` +
      `<p style="margin:12px 0 0">${link(inbox, SALES_EMAIL_COPY.openInInbox)}</p>` +
      `<p style="font-size:13px;color:#5b6b61;margin-top:24px">${escapeHtml(why)}</p>`,
  );
  return { subject, text, html };
}

/** A new lead's push alert: encrypted to each phone by the push standard, so the name may travel in it. */
export function leadPushMessage(lead: LeadRow): PushMessage {
  const person = forMessage(lead);
  return {
    title: LEAD_PUSH_COPY.title(person.district),
    body: LEAD_PUSH_COPY.body(person),
    url: leadPath(lead),
    tag: `lead-${lead.id}`,
    claim: claimPath(lead),
  };
}

/** A lead that moved on: to the next agent (with "I'm on it"), or to the owners. */
export function handOverPushMessage(lead: LeadRow, toOwners: boolean): PushMessage {
  return {
    title: HAND_OVER_COPY.pushTitle(districtOf(lead), toOwners),
    body: LEAD_PUSH_COPY.body(forMessage(lead)),
    url: leadPath(lead),
    tag: `lead-${lead.id}`,
    claim: claimPath(lead),
  };
}

/** The e-mail beside that push, with the same one-tap call and link as the sales e-mail. */
export function handOverEmail(lead: LeadRow, siteUrl: string, minutes: number, toOwners: boolean): Rendered {
  const person = forMessage(lead);
  const copy = HAND_OVER_COPY;
  return callAndOpenEmail(lead, siteUrl, copy.subject(person, toOwners), copy.intro(person, minutes, toOwners), copy.why);
}

/**
 * To the visitor: their interest is received, what happens next, a link to book a site inspection (`bookUrl`, signed:
 * they only pick a slot), and how to reach the team.
 */
export function receiptEmail(lead: LeadRow, facts: SiteFacts, bookUrl?: string): Rendered {
  const copy = RECEIPT_COPY;
  const person = forMessage(lead);
  // Only a form's lead gets a receipt, and it named its district; to the buyer, none named would be both.
  const district = lead.district ?? BOTH_DISTRICTS;
  const whatsapp = whatsappHref(facts.whatsapp);
  const contacts: [string, string, string][] = [
    [copy.phone, facts.phone, telHref(facts.phone)],
    [copy.whatsapp, `+${facts.whatsapp}`, whatsapp],
    [copy.email, facts.email, `mailto:${facts.email}`],
  ];
  const text = [
    copy.greeting(person),
    '',
    copy.received(district),
    '',
    `${copy.nextTitle}:`,
    ...copy.next.map((line) => `- ${line}`),
    ...(bookUrl ? ['', copy.bookIntro, `${copy.book}: ${bookUrl}`] : []),
    '',
    `${copy.reachTitle}:`,
    ...contacts.map(([label, shown]) => `${label}: ${shown}`),
    '',
    copy.notYou,
    '',
    copy.signOff(facts.brand),
  ].join('\n');
  const html = layout(
    `<p style="margin-top:0">${escapeHtml(copy.greeting(person))}</p><p>${escapeHtml(copy.received(district))}</p>` +
      `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(copy.nextTitle)}</h2><ul style="padding-left:20px;margin:0">${copy.next.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` +
      (bookUrl
        ? `<p style="margin:20px 0 12px">${escapeHtml(copy.bookIntro)}</p><p style="margin:0">${button(bookUrl, copy.book)}</p>`
        : '') +
      `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(copy.reachTitle)}</h2><p style="margin:0">${contacts
        .map(([label, shown, href]) => `${escapeHtml(label)}: ${link(href, shown)}`)
        .join('<br>')}</p>` +
      `<p style="font-size:13px;color:#5b6b61;margin-top:24px">${escapeHtml(copy.notYou)}</p>` +
      `<p style="white-space:pre-line">${escapeHtml(copy.signOff(facts.brand))}</p>`,
  );
  return { subject: copy.subject(district), text, html };
}

/** The webhook body: a Standard Webhooks style event with the lead's fields and attribution. */
export function webhookPayload(lead: LeadRow) {
  return {
    type: 'lead.created',
    timestamp: lead.createdAt.toISOString(),
    data: {
      id: lead.id,
      title: lead.title,
      fullName: lead.fullName,
      email: lead.email,
      phone: lead.phoneRaw,
      phoneE164: lead.phoneE164,
      district: lead.district,
      origin: lead.origin,
      createdAt: lead.createdAt.toISOString(),
      attribution: {
        utmSource: lead.utmSource,
        utmMedium: lead.utmMedium,
        utmCampaign: lead.utmCampaign,
        utmTerm: lead.utmTerm,
        utmContent: lead.utmContent,
        referrer: lead.referrer,
        landingPath: lead.landingPath,
      },
    },
  };
}

/**
 * The webhook body when leads are erased (a privacy request, or the retention period ended): the ids a receiver got
 * in their `lead.created` events, so it can delete its copy, and nothing about the person.
 */
export function leadErasedPayload(event: LeadErasedJob) {
  return { type: 'lead.erased', timestamp: event.erasedAt, data: { leadIds: event.leadIds, reason: event.reason } };
}

export type AlertKind = 'failing' | 'recovered';

/** To an owner: a channel has been failing (what, since when, how much waits, the error's kind), or works again. */
export function ownerAlertEmail(alert: ChannelAlertRow, kind: AlertKind, systemUrl: string, brand: string): Rendered {
  const copy = OWNER_ALERT_COPY;
  const channel = NOTIFICATION_COPY.channels[alert.channel];
  const since = formatDateTime(alert.failingSince);
  const lines =
    kind === 'failing'
      ? [
          copy.failingIntro(channel, since),
          copy.waiting(alert.waiting),
          `${copy.lastError}: ${alert.errorKind ?? copy.noError}`,
          '',
          copy.kept,
        ]
      : [
          copy.recoveredIntro(
            channel,
            since,
            formatDateTime(alert.resolvedAt!),
            formatDuration(alert.resolvedAt!.getTime() - alert.failingSince.getTime()),
          ),
          '',
          copy.recoveredNext,
        ];
  const text = [...lines, '', `${copy.systemPage}: ${systemUrl}`, '', copy.why].join('\n');
  const html = layout(
    lines
      .filter(Boolean)
      .map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`)
      .join('') +
      `<p style="margin:20px 0 0">${link(systemUrl, copy.systemPage)}</p>` +
      `<p style="font-size:13px;color:#5b6b61;margin-top:24px">${escapeHtml(copy.why)}</p>`,
  );
  const subject = kind === 'failing' ? copy.failingSubject(channel, brand) : copy.recoveredSubject(channel, brand);
  return { subject, text, html };
}

/**
 * An owner's notice (a flood, SMS paused, a slot filled from few networks): its lines, one link to act on, and why the
 * owner gets it, once per episode. The three notices differ only in their words.
 */
function ownerNotice(
  copy: { subject: (brand: string) => string; review: string; once: string },
  lines: string[],
  reviewUrl: string,
  brand: string,
): Rendered {
  const text = [...lines, '', `${copy.review}: ${reviewUrl}`, '', copy.once, OWNER_ALERT_COPY.why].join('\n');
  const html = layout(
    lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('') +
      `<p style="margin:20px 0 0">${link(reviewUrl, copy.review)}</p>` +
      `<p style="font-size:13px;color:#5b6b61;margin-top:24px">${escapeHtml(`${copy.once} ${OWNER_ALERT_COPY.why}`)}</p>`,
  );
  return { subject: copy.subject(brand), text, html };
}

/** To an owner: a flood began at `since`; `held` leads are held now, to review at `reviewUrl`. */
export function floodAlertEmail(since: Date, held: number, reviewUrl: string, brand: string): Rendered {
  const copy = FLOOD_ALERT_COPY;
  return ownerNotice(copy, [copy.intro(formatDateTime(since)), copy.held(held), copy.next], reviewUrl, brand);
}

/** The owners' e-mail of a day whose SMS budget ran out (docs/decisions/0402): the limit, since when, what to do. */
export function smsPausedAlertEmail(limit: number, since: Date, systemUrl: string, brand: string): Rendered {
  const copy = SMS_PAUSED_ALERT_COPY;
  return ownerNotice(copy, [copy.intro(limit, formatDateTime(since)), copy.meanwhile, copy.next], systemUrl, brand);
}

/**
 * The same news for the CRM's webhook, as an event a receiver tells apart from `lead.created` by its type. Only
 * the facts of the alert: no lead, no address.
 */
export function alertWebhookPayload(alert: ChannelAlertRow, kind: AlertKind, systemUrl: string) {
  return {
    type: kind === 'failing' ? 'channel.failing' : 'channel.recovered',
    timestamp: (kind === 'failing' ? alert.alertedAt! : alert.resolvedAt!).toISOString(),
    data: {
      alertId: alert.id,
      channel: alert.channel,
      failingSince: alert.failingSince.toISOString(),
      recoveredAt: kind === 'recovered' ? alert.resolvedAt!.toISOString() : null,
      waiting: alert.waiting,
      lastErrorKind: alert.errorKind,
      systemUrl,
    },
  };
}

/** The e-mail of a slot that filled from few networks: when, where, from how many; no buyer named. */
export function slotNetworksAlertEmail(
  slot: { startsAt: Date; district: string },
  networks: number,
  reviewUrl: string,
  brand: string,
): Rendered {
  const copy = SLOT_NETWORKS_ALERT_COPY;
  return ownerNotice(copy, [copy.intro(formatDateTime(slot.startsAt), slot.district, networks), copy.next], reviewUrl, brand);
}
