import type { Database } from '../db/database';

export interface ContactMessage {
  firstname: string;
  lastname: string;
  email: string;
  subject: string;
  message: string;
}

const sameMessage = (a: ContactMessage, b: ContactMessage) =>
  a.firstname === b.firstname && a.lastname === b.lastname && a.email === b.email && a.subject === b.subject && a.message === b.message;

/**
 * Stores a contact message. With an idempotency key, the same key stores the message once and
 * answers the same id every time, concurrent duplicates included (the key is unique: the second
 * insert waits for the first and then does nothing); the key sent with another message is refused.
 */
export async function saveContactMessage(
  db: Database,
  message: ContactMessage,
  idempotencyKey?: string,
): Promise<{ id: string } | 'key_reused'> {
  const values = [message.firstname, message.lastname, message.email, message.subject, message.message, idempotencyKey ?? null];
  const { rows } = await db.query<{ id: string | number }>(
    `INSERT INTO contact_messages (firstname, lastname, email, subject, message, idempotency_key)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    values,
  );
  if (rows[0]) return { id: String(rows[0].id) };
  // A separate statement: it sees the row a concurrent duplicate committed after this one began.
  const { rows: stored } = await db.query<ContactMessage & { id: string | number }>(
    'SELECT id, firstname, lastname, email, subject, message FROM contact_messages WHERE idempotency_key = $1',
    [idempotencyKey],
  );
  const first = stored[0]!;
  return sameMessage(first, message) ? { id: String(first.id) } : 'key_reused';
}

/** Subscribing twice is not an error: the answer is the same. */
export async function subscribeToNewsletter(db: Database, email: string): Promise<{ subscribed: true }> {
  await db.query('INSERT INTO newsletter_subscriptions (email) VALUES ($1) ON CONFLICT (email) DO NOTHING', [email.toLowerCase()]);
  return { subscribed: true };
}
