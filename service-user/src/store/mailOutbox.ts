import type { Queryable } from '../db/database';
import type { OutgoingMail } from '../mail/transport';

export interface QueuedMail {
  id: string;
  mail: OutgoingMail;
  attempts: number;
}

/** Queues a mail; called in the transaction that stores what the mail is about, so neither is kept without the other. */
export async function queueMail(db: Queryable, mail: OutgoingMail): Promise<void> {
  await db.query('INSERT INTO mail_outbox (mail) VALUES ($1)', [JSON.stringify(mail)]);
}

/**
 * Takes up to `limit` mails that are due and leases them for `leaseMs`: another replica skips
 * them (SKIP LOCKED, then the lease) until they are sent, or the lease runs out (this process
 * stopped mid-send: the mail goes again, at least once rather than never).
 */
export async function leaseDueMail(db: Queryable, { limit, leaseMs, maxAttempts }: { limit: number; leaseMs: number; maxAttempts: number }): Promise<QueuedMail[]> {
  const { rows } = await db.query<{ id: string | number; mail: OutgoingMail | string; attempts: number }>(
    `UPDATE mail_outbox SET leased_until = now() + $2 * interval '1 millisecond', attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM mail_outbox
       WHERE sent_at IS NULL AND next_attempt_at <= now() AND (leased_until IS NULL OR leased_until <= now()) AND attempts < $3
       ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id, mail, attempts`,
    [limit, leaseMs, maxAttempts],
  );
  return rows
    .map((row) => ({ id: String(row.id), attempts: row.attempts, mail: typeof row.mail === 'string' ? (JSON.parse(row.mail) as OutgoingMail) : row.mail }))
    .sort((a, b) => Number(a.id) - Number(b.id));
}

export async function markMailSent(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE mail_outbox SET sent_at = now(), leased_until = NULL, last_error = NULL WHERE id = $1', [id]);
}

/** The mail stays queued: tried again after `retryInMs` (until its attempts run out; the row and its error stay for an operator). */
export async function markMailFailed(db: Queryable, id: string, error: string, retryInMs: number): Promise<void> {
  await db.query(`UPDATE mail_outbox SET leased_until = NULL, last_error = $2, next_attempt_at = now() + $3 * interval '1 millisecond' WHERE id = $1`, [
    id,
    error.slice(0, 1000),
    retryInMs,
  ]);
}
