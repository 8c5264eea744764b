import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { MailConfig } from '../environment';

/** One mail as the outbox table keeps it (nodemailer's own fields, JSON-safe). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** nodemailer encodes the name (any characters) and checks the address. */
  replyTo?: { name: string; address: string };
  /** List-* headers; nodemailer writes `unsubscribe` as List-Unsubscribe: <url> (RFC 2369). */
  list?: { unsubscribe: string };
}

/** Sends one mail, or throws: the delivery records the failure and tries again later. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  /** Where mail goes, for the start-up line (never a password). */
  description: string;
}

// Bounded waits on the SMTP server: a send that hangs must end well within the outbox's lease.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP when SMTP_URL is set; otherwise (local mode only, see config.ts) one .eml file per mail in
 * the outbox folder, composed by nodemailer exactly as it would go over SMTP.
 */
export function createMailTransport(config: MailConfig): MailTransport {
  const defaults = { from: config.from };
  if (config.transport.kind === 'smtp') {
    const url = new URL(config.transport.url);
    const smtp = nodemailer.createTransport({ url: config.transport.url, ...SMTP_TIMEOUTS }, defaults);
    return {
      description: `SMTP server ${url.hostname}${url.port ? `:${url.port}` : ''}`,
      send: async (mail) => void (await smtp.sendMail(mail as SendMailOptions)),
    };
  }
  const dir = config.transport.dir;
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, defaults);
  return {
    description: `outbox folder ${dir}`,
    async send(mail) {
      const { message } = await composer.sendMail(mail as SendMailOptions);
      await mkdir(dir, { recursive: true });
      // Named so that the folder lists in sending order; written whole, then renamed (a reader never sees half a mail).
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const partial = join(dir, `.${name}.partial`);
      await writeFile(partial, message as Buffer);
      await rename(partial, join(dir, name));
    },
  };
}
