import type { OutgoingMail } from './transport';

import type { Locale } from '@site/contract/locales';

/** A subscriber's mails are in the site's language they subscribed in. */
export type MailLocale = Locale;

const BRAND = 'Vedere';

const newsletterTexts = {
  ro: {
    confirmSubject: `Confirmați abonarea la noutățile ${BRAND}`,
    confirmBody: (link: string) =>
      `Bună ziua,\n\nCineva, probabil dumneavoastră, a cerut să primească noutățile ${BRAND} la această adresă.\n\n` +
      `Pentru a confirma abonarea, deschideți linkul de mai jos (este valabil 7 zile):\n${link}\n\n` +
      'Dacă nu ați cerut dumneavoastră, ignorați acest mesaj: nu veți primi nimic de la noi.\n',
    welcomeSubject: `Abonarea la noutățile ${BRAND} este confirmată`,
    welcomeBody: () => `Bună ziua,\n\nAbonarea este confirmată: veți primi noutățile ${BRAND}, cel mult un mesaj pe lună.\n`,
    alreadySubject: `Sunteți deja abonat la noutățile ${BRAND}`,
    alreadyBody: () => `Bună ziua,\n\nCineva a cerut din nou să primească noutățile ${BRAND} la această adresă. Sunteți deja abonat: nu trebuie să faceți nimic.\n`,
    footer: (unsubscribe: string) => `\n--\nNu mai doriți aceste mesaje? Dezabonați-vă aici:\n${unsubscribe}\n`,
  },
  en: {
    confirmSubject: `Confirm your subscription to ${BRAND} news`,
    confirmBody: (link: string) =>
      `Hello,\n\nSomeone, probably you, asked to receive ${BRAND} news at this address.\n\n` +
      `To confirm the subscription, open the link below (it works for 7 days):\n${link}\n\n` +
      'If it was not you, ignore this message: you will receive nothing from us.\n',
    welcomeSubject: `Your subscription to ${BRAND} news is confirmed`,
    welcomeBody: () => `Hello,\n\nYour subscription is confirmed: you will receive ${BRAND} news, at most one message a month.\n`,
    alreadySubject: `You are already subscribed to ${BRAND} news`,
    alreadyBody: () => `Hello,\n\nSomeone asked again to receive ${BRAND} news at this address. You are already subscribed: there is nothing to do.\n`,
    footer: (unsubscribe: string) => `\n--\nNo longer want these messages? Unsubscribe here:\n${unsubscribe}\n`,
  },
} satisfies Record<MailLocale, unknown>;

/** The confirmation of a new (or still pending) subscription: its link activates it. */
export function confirmationMail(to: string, locale: MailLocale, confirmLink: string): OutgoingMail {
  const t = newsletterTexts[locale];
  return { to, subject: t.confirmSubject, text: t.confirmBody(confirmLink) };
}

/**
 * Every mail to a confirmed subscriber: its unsubscribe link at the end, and in the
 * List-Unsubscribe header that mail programs show as their own button (RFC 2369).
 */
export function newsletterMail(to: string, locale: MailLocale, unsubscribeLink: string, content: { subject: string; text: string }): OutgoingMail {
  return {
    to,
    subject: content.subject,
    text: `${content.text}${newsletterTexts[locale].footer(unsubscribeLink)}`,
    list: { unsubscribe: unsubscribeLink },
  };
}

export const welcomeMail = (to: string, locale: MailLocale, unsubscribeLink: string) =>
  newsletterMail(to, locale, unsubscribeLink, { subject: newsletterTexts[locale].welcomeSubject, text: newsletterTexts[locale].welcomeBody() });

/** Subscribing an address already confirmed: its owner is told, the visitor is not (same answer as any other). */
export const alreadySubscribedMail = (to: string, locale: MailLocale, unsubscribeLink: string) =>
  newsletterMail(to, locale, unsubscribeLink, { subject: newsletterTexts[locale].alreadySubject, text: newsletterTexts[locale].alreadyBody() });

// Line breaks and tabs become a space; other control characters (C0, DEL, C1), the line and
// paragraph separators and the marks that turn text's direction go: in a header they spoof what
// the team reads (an override makes "exe.pdf" read "fdp.exe").
const HEADER_SPACES = /[\t\n\v\f\r\u2028\u2029]+/g;
const HEADER_INVISIBLES = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A visitor's words as they go into a header of the team's mail (the Subject, the Reply-To's
 * name): one line, without invisible or direction-changing characters, and with "=?" broken
 * apart, so that no encoded-word (RFC 2047: `=?utf-8?q?...?=`) the visitor typed is decoded by
 * the team's mail program into other text. The stored message keeps what the visitor wrote.
 */
export function headerText(text: string): string {
  return text.replace(HEADER_SPACES, ' ').replace(HEADER_INVISIBLES, '').replaceAll('=?', '= ?').trim();
}

/** A visitor's contact message, as the service stores it and forwards it to the team. */
export interface ContactMessage {
  firstname: string;
  lastname: string;
  email: string;
  subject: string;
  message: string;
}

/** A contact message, forwarded to the team; a reply goes to the visitor. */
export function contactForward(inbox: string, message: ContactMessage & { id: string }): OutgoingMail {
  const name = headerText(`${message.firstname} ${message.lastname}`);
  const subject = headerText(message.subject);
  return {
    to: inbox,
    replyTo: { name, address: message.email },
    subject: `[Contact #${message.id}] ${subject}`,
    text: `From: ${name} <${message.email}>\n` + `Subject: ${subject}\n\n${message.message}\n`,
  };
}
