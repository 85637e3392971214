/**
 * The HTML of every e-mail the site sends: one plain, image-free layout. Whatever a visitor typed must go through
 * escapeHtml before it is put into a message.
 */

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const emailLayout = (body: string) =>
  `<!doctype html><html><body style="margin:0;padding:24px;background:#f7f3ea;font-family:Arial,Helvetica,sans-serif;color:#1d2a22;line-height:1.5">` +
  `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">${body}</div></body></html>`;

export const emailLink = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="color:#1f4d3a;font-weight:bold">${escapeHtml(label)}</a>`;

/** A call to action drawn as a button (a link: e-mail clients run no forms). */
export const emailButton = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;background:#1f4d3a;color:#ffffff;font-weight:bold;text-decoration:none;padding:12px 22px;border-radius:999px">${escapeHtml(label)}</a>`;
