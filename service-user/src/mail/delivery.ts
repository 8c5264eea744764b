import { outsideDeadline, type Database } from '../db/database';
import type { Logger } from '../http/logging';
import { leaseDueMail, markMailFailed, markMailSent } from '../store/mailOutbox';
import type { MailTransport } from './transport';

/** The outbox's pace, named once. */
export const MAIL_DELIVERY = {
  /** Mails taken per round. */
  batch: 20,
  /** Longer than any send can take (transport.ts bounds SMTP's waits well within it). */
  leaseMs: 5 * 60_000,
  /** Every replica looks for mail that is due this often (retries, and mail queued by a replica that stopped). */
  pollMs: 30_000,
  /** A refused mail is tried again after 1, 2, 4… minutes, at most an hour apart, this many times in all. */
  firstRetryMs: 60_000,
  maxRetryMs: 60 * 60_000,
  maxAttempts: 10,
} as const;

export const retryDelayMs = (attempts: number) => Math.min(MAIL_DELIVERY.firstRetryMs * 2 ** (attempts - 1), MAIL_DELIVERY.maxRetryMs);

/**
 * Sends what the outbox table holds. The table is the truth (any replica may send any mail);
 * this process only avoids running two rounds of its own at once.
 */
export function createMailDelivery({ db, transport, logger }: { db: Database; transport: MailTransport; logger: Logger }) {
  let round: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  async function sendDue(): Promise<number> {
    const due = await leaseDueMail(db, { limit: MAIL_DELIVERY.batch, leaseMs: MAIL_DELIVERY.leaseMs, maxAttempts: MAIL_DELIVERY.maxAttempts });
    for (const { id, mail, attempts } of due) {
      try {
        await transport.send(mail);
        await markMailSent(db, id);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const final = attempts >= MAIL_DELIVERY.maxAttempts;
        logger[final ? 'error' : 'warn']({ mailId: id, attempts, reason }, final ? 'mail not sent: no attempts left' : 'mail not sent: will try again');
        await markMailFailed(db, id, reason, retryDelayMs(attempts));
      }
    }
    return due.length;
  }

  async function rounds() {
    do {
      again = false;
      try {
        while ((await sendDue()) === MAIL_DELIVERY.batch);
      } catch (error) {
        // The database is away: the mail stays queued, the next poll or request sends it.
        logger.warn({ reason: error instanceof Error ? error.message : String(error) }, 'mail outbox not read');
      }
    } while (again);
  }

  /** Sends what is due now; resolves once a round that began after this call is over. */
  function drain(): Promise<void> {
    if (round) {
      again = true;
      return round;
    }
    round = outsideDeadline(() => rounds()).finally(() => {
      round = null;
    });
    return round;
  }

  return {
    transport,
    drain,
    /** After a request queued mail: sent at once, the answer not waiting for it. */
    kick: () => void drain(),
    /** Polling for mail that is due (the server's and the embedded service's; tests drain by hand). */
    start() {
      timer ??= setInterval(() => void drain(), MAIL_DELIVERY.pollMs).unref();
      void drain();
    },
    /** Stops polling and waits for the round in flight. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await round;
    },
  };
}

export type MailDelivery = ReturnType<typeof createMailDelivery>;
