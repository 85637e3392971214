/** Links that start a call or a WhatsApp chat, for the site's own numbers and for leads' numbers alike. */

/** tel: link target for a phone number as displayed or typed. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** wa.me link for an international number (any spelling: only its digits count), optionally with a prefilled message. */
export const whatsappHref = (number: string, message?: string) =>
  `https://wa.me/${number.replace(/\D/g, '')}${message ? `?text=${encodeURIComponent(message)}` : ''}`;
