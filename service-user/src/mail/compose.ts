import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { LOCALES, type Locale } from '@site/contract/locales';
import { CONFIRMATION_LINK_DAYS } from './links';
import type { OutgoingMail } from './transport';

/** A subscriber's mails are in the site's language they subscribed in. */
export type MailLocale = Locale;

// The one spelling of the brand: the strings say {{brand}}.
const BRAND = 'Vedere';

/** The texts of the newsletter's mails: every locale's strings file has each of them. */
const MAIL_TEXTS = ['confirmSubject', 'confirmBody', 'welcomeSubject', 'welcomeBody', 'alreadySubject', 'alreadyBody', 'footer'] as const;
type MailText = (typeof MAIL_TEXTS)[number];

/**
 * A locale's texts, from strings/<locale>.json beside this module: a language added to LOCALES
 * needs its file there and no edit here. A file missing, unreadable or without one of the texts
 * stops the service as it starts, naming the file, rather than a mail going out half written.
 */
function readStrings(locale: Locale): Record<MailText, string> {
  const file = fileURLToPath(new URL(`./strings/${locale}.json`, import.meta.url));
  let strings: Record<string, unknown>;
  try {
    strings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`The newsletter's mails in "${locale}" (a locale of LOCALES) need their texts in ${file}: ${(error as Error).message}`, { cause: error });
  }
  const missing = MAIL_TEXTS.filter((key) => typeof strings[key] !== 'string');
  if (missing.length > 0) throw new Error(`${file}: the newsletter's mails in "${locale}" lack ${missing.join(', ')}`);
  return strings as Record<MailText, string>;
}

// The service's own instance, apart from any other i18next of the process. It is ready when init
// returns (initAsync: false: the resources are given, nothing is fetched). The mails are plain
// text, so nothing is escaped; a locale without a text has no fallback, its file is refused above.
const mailI18n = i18next.createInstance();
void mailI18n.init({
  resources: Object.fromEntries(LOCALES.map((locale) => [locale, { mail: readStrings(locale) }])),
  supportedLngs: [...LOCALES],
  fallbackLng: false,
  ns: ['mail'],
  defaultNS: 'mail',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** One text of the mails in a locale, its {{brand}} and the given values filled in; a locale the site has not is refused, never sent as the text's key. */
function text(locale: MailLocale, key: MailText, values: Record<string, string> = {}): string {
  if (!LOCALES.includes(locale)) throw new Error(`No mails in "${String(locale)}": the locales are ${LOCALES.join(', ')}`);
  return mailI18n.t(key, { lng: locale, brand: BRAND, ...values });
}

/** The confirmation of a new (or still pending) subscription: its link activates it. */
export function confirmationMail(to: string, locale: MailLocale, confirmLink: string): OutgoingMail {
  return { to, subject: text(locale, 'confirmSubject'), text: text(locale, 'confirmBody', { link: confirmLink, days: String(CONFIRMATION_LINK_DAYS) }) };
}

/**
 * Every mail to a confirmed subscriber: its unsubscribe link at the end, and in the
 * List-Unsubscribe header that mail programs show as their own button (RFC 2369).
 */
export function newsletterMail(to: string, locale: MailLocale, unsubscribeLink: string, content: { subject: string; text: string }): OutgoingMail {
  return {
    to,
    subject: content.subject,
    text: `${content.text}${text(locale, 'footer', { unsubscribe: unsubscribeLink })}`,
    list: { unsubscribe: unsubscribeLink },
  };
}

export const welcomeMail = (to: string, locale: MailLocale, unsubscribeLink: string) =>
  newsletterMail(to, locale, unsubscribeLink, { subject: text(locale, 'welcomeSubject'), text: text(locale, 'welcomeBody') });

/** Subscribing an address already confirmed: its owner is told, the visitor is not (same answer as any other). */
export const alreadySubscribedMail = (to: string, locale: MailLocale, unsubscribeLink: string) =>
  newsletterMail(to, locale, unsubscribeLink, { subject: text(locale, 'alreadySubject'), text: text(locale, 'alreadyBody') });

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
