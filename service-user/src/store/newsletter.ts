import type { Database } from '../db/database';
import { alreadySubscribedMail, confirmationMail, newsletterMail, welcomeMail, type MailLocale } from '../mail/compose';
import type { NewsletterLinks } from '../mail/links';
import { queueMail } from './mailOutbox';

/** One mail per address in this time at most, however often it is subscribed (by anyone). */
export const NEWSLETTER_MAIL_COOLDOWN_MS = 10 * 60_000;

/**
 * Double opt-in. A new address is stored pending and sent a confirmation link; a pending one is
 * sent a new link, a confirmed one a notice that it is subscribed already, each at most once per
 * cooldown. The caller's answer is the same in every case: whether an address is subscribed is
 * said to its owner only.
 */
export async function requestSubscription(db: Database, links: NewsletterLinks, address: string, locale: MailLocale): Promise<boolean> {
  const email = address.toLowerCase();
  return db.transaction(async (tx) => {
    const inserted = await tx.query<{ id: string | number }>(
      `INSERT INTO newsletter_subscriptions (email, locale, last_mail_at) VALUES ($1, $2, now())
       ON CONFLICT (email) DO NOTHING RETURNING id`,
      [email, locale],
    );
    if (inserted.rows[0]) {
      await queueMail(tx, confirmationMail(email, locale, await links.url('newsletter-confirm', String(inserted.rows[0].id))));
      return true;
    }
    // The row is locked until the transaction ends: two requests at once send one mail.
    const { rows } = await tx.query<{ id: string | number; status: 'pending' | 'confirmed'; locale: MailLocale }>(
      `UPDATE newsletter_subscriptions
       SET last_mail_at = now(), locale = CASE WHEN status = 'pending' THEN $2 ELSE locale END
       WHERE email = $1 AND (last_mail_at IS NULL OR last_mail_at <= now() - $3 * interval '1 millisecond')
       RETURNING id, status, locale`,
      [email, locale, NEWSLETTER_MAIL_COOLDOWN_MS],
    );
    const row = rows[0];
    if (!row) return false;
    const id = String(row.id);
    await queueMail(
      tx,
      row.status === 'pending'
        ? confirmationMail(email, row.locale, await links.url('newsletter-confirm', id))
        : alreadySubscribedMail(email, row.locale, await links.url('newsletter-unsubscribe', id)),
    );
    return true;
  });
}

/**
 * Follows a confirmation link: the subscription becomes active, and its welcome (the first mail
 * with an unsubscribe link) is queued. Following it again answers the same; a subscription that
 * no longer exists (unsubscribed since) is unknown.
 */
export async function confirmSubscription(db: Database, links: NewsletterLinks, id: string): Promise<{ confirmed: true; queuedMail: boolean } | 'unknown'> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ email: string; locale: MailLocale }>(
      `UPDATE newsletter_subscriptions SET status = 'confirmed', confirmed_at = now()
       WHERE id = $1 AND status = 'pending' RETURNING email, locale`,
      [id],
    );
    if (rows[0]) {
      await queueMail(tx, welcomeMail(rows[0].email, rows[0].locale, await links.url('newsletter-unsubscribe', id)));
      return { confirmed: true, queuedMail: true };
    }
    const { rows: existing } = await tx.query('SELECT 1 FROM newsletter_subscriptions WHERE id = $1', [id]);
    return existing.length > 0 ? { confirmed: true, queuedMail: false } : 'unknown';
  });
}

/** Follows an unsubscribe link: the address is forgotten. Following it again answers the same (it is not subscribed). */
export async function unsubscribe(db: Database, id: string): Promise<void> {
  await db.query('DELETE FROM newsletter_subscriptions WHERE id = $1', [id]);
}

/** One issue of the newsletter, written in both languages. */
export interface NewsletterIssue {
  subject: Record<MailLocale, string>;
  text: Record<MailLocale, string>;
}

/** Queues an issue for every confirmed subscriber, in their language, each with their own unsubscribe link. */
export async function queueNewsletterIssue(db: Database, links: NewsletterLinks, issue: NewsletterIssue): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string | number; email: string; locale: MailLocale }>(
      "SELECT id, email, locale FROM newsletter_subscriptions WHERE status = 'confirmed' ORDER BY id",
    );
    for (const row of rows) {
      const unsubscribeLink = await links.url('newsletter-unsubscribe', String(row.id));
      await queueMail(tx, newsletterMail(row.email, row.locale, unsubscribeLink, { subject: issue.subject[row.locale], text: issue.text[row.locale] }));
    }
    return rows.length;
  });
}
