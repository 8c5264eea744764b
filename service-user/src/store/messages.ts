import type { Database } from '../db/database';

export async function saveContactMessage(
  db: Database,
  message: { firstname: string; lastname: string; email: string; subject: string; message: string },
): Promise<{ id: string }> {
  const { rows } = await db.query<{ id: string | number }>(
    `INSERT INTO contact_messages (firstname, lastname, email, subject, message)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [message.firstname, message.lastname, message.email, message.subject, message.message],
  );
  return { id: String(rows[0]!.id) };
}

/** Subscribing twice is not an error: the answer is the same. */
export async function subscribeToNewsletter(db: Database, email: string): Promise<{ subscribed: true }> {
  await db.query('INSERT INTO newsletter_subscriptions (email) VALUES ($1) ON CONFLICT (email) DO NOTHING', [email.toLowerCase()]);
  return { subscribed: true };
}
