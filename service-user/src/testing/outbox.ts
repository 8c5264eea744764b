import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';

/** One mail of the local outbox folder, as a mail program reads it. */
export interface OutboxMail {
  file: string;
  to: string[];
  from: string[];
  replyTo: { name: string; address: string }[];
  subject: string;
  text: string;
  headers: Map<string, unknown>;
  /** Every http(s) address in the text, in order. */
  links: string[];
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value).map((a) => ({ name: a.name, address: a.address ?? '' }));

/** The outbox's mails in the order they were written (the tests' way of reading what the service sent). */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(
    names.map(async (name) => {
      const parsed = await simpleParser(await readFile(join(dir, name)));
      const text = parsed.text ?? '';
      return {
        file: join(dir, name),
        to: addresses(parsed.to).map((a) => a.address),
        from: addresses(parsed.from).map((a) => a.address),
        replyTo: addresses(parsed.replyTo),
        subject: parsed.subject ?? '',
        text,
        headers: parsed.headers,
        links: text.match(/https?:\/\/\S+/g) ?? [],
      };
    }),
  );
}

/** The mails sent to one address (a test's own address: others may share the folder). */
export async function mailTo(dir: string, address: string): Promise<OutboxMail[]> {
  return (await readOutbox(dir)).filter((mail) => mail.to.includes(address.toLowerCase()));
}
