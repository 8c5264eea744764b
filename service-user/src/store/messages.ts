import type { Database } from '../db/database';
import { contactForward, type ContactMessage } from '../mail/compose';
import { queueMail } from './mailOutbox';

const sameMessage = (a: ContactMessage, b: ContactMessage) =>
  a.firstname === b.firstname && a.lastname === b.lastname && a.email === b.email && a.subject === b.subject && a.message === b.message;

/**
 * Stores a contact message and, in the same transaction, its forward to the team's inbox (sent
 * from the outbox afterwards: a mail server that fails loses nothing). With an idempotency key,
 * the same key stores the message once and answers the same id every time, concurrent
 * duplicates included (the key is unique: the second insert waits for the first and then does
 * nothing); the key sent with another message is refused.
 */
export async function saveContactMessage(
  db: Database,
  message: ContactMessage,
  { inbox, idempotencyKey }: { inbox: string; idempotencyKey?: string },
): Promise<{ id: string } | 'key_reused'> {
  const values = [message.firstname, message.lastname, message.email, message.subject, message.message, idempotencyKey ?? null];
  const inserted = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string | number }>(
      `INSERT INTO contact_messages (firstname, lastname, email, subject, message, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      values,
    );
    if (!rows[0]) return null;
    const id = String(rows[0].id);
    await queueMail(tx, contactForward(inbox, { ...message, id }));
    return { id };
  });
  if (inserted) return inserted;
  // A separate statement: it sees the row a concurrent duplicate committed after this one began.
  const { rows: stored } = await db.query<ContactMessage & { id: string | number }>(
    'SELECT id, firstname, lastname, email, subject, message FROM contact_messages WHERE idempotency_key = $1',
    [idempotencyKey],
  );
  const first = stored[0]!;
  return sameMessage(first, message) ? { id: String(first.id) } : 'key_reused';
}
