import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the fake answers `accounts:delete`: at once, after a delay, or only when the test says so;
 * `deletesFirst` (with `hangs`): the user is deleted when the call arrives, as Firebase does,
 * whether or not the answer ever reaches the caller.
 */
export type IdentityToolkitMode = { kind: 'answers' } | { kind: 'slow'; delayMs: number } | { kind: 'hangs'; deletesFirst?: boolean };

/**
 * Identity Toolkit's `accounts:delete` on a local port, as the emulator serves it
 * (`/identitytoolkit.googleapis.com/v1/accounts:delete`): point createFirebaseUserDeleter's
 * `authEmulatorHost` at `host`. It deletes each ID token's user once (USER_NOT_FOUND after, for any token of that user), and
 * counts the calls. The service's tests and its deletion bench use it.
 */
export async function startFakeIdentityToolkit(mode: IdentityToolkitMode = { kind: 'answers' }) {
  const deleted = new Set<string>();
  const held: (() => void)[] = [];
  let calls = 0;
  const arrivals: (() => void)[] = [];
  /** The uid a token names (its payload's sub, unverified: the fake trusts the service), or the token itself. */
  const userOf = (idToken: string) => {
    try {
      return String((JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as { sub?: unknown }).sub ?? idToken);
    } catch {
      return idToken;
    }
  };
  const answer = (res: ServerResponse, idToken: string, known = !deleted.has(userOf(idToken))) => {
    deleted.add(userOf(idToken));
    if (res.destroyed) return;
    const body = known ? { kind: 'identitytoolkit#DeleteAccountResponse' } : { error: { code: 400, message: 'USER_NOT_FOUND' } };
    res.writeHead(known ? 200 : 400, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      calls += 1;
      for (const arrived of arrivals.splice(0)) arrived();
      const idToken = String((JSON.parse(text || '{}') as { idToken?: unknown }).idToken);
      if (mode.kind === 'answers') answer(res, idToken);
      else if (mode.kind === 'slow') setTimeout(() => answer(res, idToken), mode.delayMs);
      else if (mode.deletesFirst) {
        const known = !deleted.has(userOf(idToken));
        deleted.add(userOf(idToken));
        held.push(() => answer(res, idToken, known));
      } else held.push(() => answer(res, idToken));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Whether the user of this uid was deleted. */
    isDeleted: (uid: string) => deleted.has(uid),
    /** Calls received so far. */
    calls: () => calls,
    /** Resolves once the next call has arrived. */
    nextCall: () => new Promise<void>((resolve) => arrivals.push(resolve)),
    setMode(next: IdentityToolkitMode) {
      mode = next;
    },
    /** Answers every call held so far (mode `hangs`). */
    release() {
      for (const send of held.splice(0)) send();
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeIdentityToolkit = Awaited<ReturnType<typeof startFakeIdentityToolkit>>;
