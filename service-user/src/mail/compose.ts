import type { ContactMessage } from '../store/messages';
import type { OutgoingMail } from './transport';

/** The languages of the site; a subscriber's mails are in the one they subscribed in. */
export const MAIL_LOCALES = ['ro', 'en'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];

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

/** A contact message, forwarded to the team; a reply goes to the visitor. */
export function contactForward(inbox: string, message: ContactMessage & { id: string }): OutgoingMail {
  return {
    to: inbox,
    replyTo: { name: `${message.firstname} ${message.lastname}`, address: message.email },
    subject: `[Contact #${message.id}] ${message.subject}`,
    text: `From: ${message.firstname} ${message.lastname} <${message.email}>\n` + `Subject: ${message.subject}\n\n${message.message}\n`,
  };
}
