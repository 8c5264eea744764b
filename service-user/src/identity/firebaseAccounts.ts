import { deadlineRemainingMs } from '../db/database';
import { IDENTITY_TOOLKIT_URL, type Config } from '../environment';

/** Deletes the Firebase user whose ID token this is; an account already gone counts as deleted. */
export type FirebaseUserDeleter = (idToken: string) => Promise<void>;

/** Firebase wants a sign-in of the last few minutes before it deletes a user. */
export class RecentSignInRequiredError extends Error {
  override name = 'RecentSignInRequiredError';
}

/** Identity Toolkit could not be reached, or did not say the user was deleted: nothing may be assumed. */
export class IdentityToolkitError extends Error {
  override name = 'IdentityToolkitError';
}

// Bounded, and within the request's deadline: a deletion waits for Identity Toolkit holding no
// connection, but its claim on the deletion (account_deletions) lasts only as long as the request.
const DELETE_TIMEOUT_MS = 5_000;
const RECENT_SIGN_IN_REFUSALS = new Set(['CREDENTIAL_TOO_OLD_LOGIN_AGAIN', 'TOKEN_EXPIRED', 'INVALID_ID_TOKEN', 'USER_DISABLED']);

/**
 * Identity Toolkit's `accounts:delete` with the user's own ID token: what the client SDK's
 * `user.delete()` sends, so Firebase itself checks that the token is the user's and recent (the
 * service holds no admin credential that could delete anyone else). The emulator answers the
 * same call at its own address.
 */
export function createFirebaseUserDeleter(
  { firebaseApiKey, authEmulatorHost, identityToolkitUrl = IDENTITY_TOOLKIT_URL }: Pick<Config, 'firebaseApiKey' | 'authEmulatorHost'> & { identityToolkitUrl?: string },
  fetchImpl: typeof fetch = fetch,
): FirebaseUserDeleter | null {
  if (!firebaseApiKey) return null;
  const base = authEmulatorHost ? `http://${authEmulatorHost}/identitytoolkit.googleapis.com` : identityToolkitUrl.replace(/\/+$/, '');
  const url = `${base}/v1/accounts:delete?key=${encodeURIComponent(firebaseApiKey)}`;
  return async (idToken) => {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ idToken }),
        signal: AbortSignal.timeout(Math.min(DELETE_TIMEOUT_MS, deadlineRemainingMs() ?? DELETE_TIMEOUT_MS)),
      });
    } catch (error) {
      throw new IdentityToolkitError('Identity Toolkit could not be reached', { cause: error });
    }
    if (response.ok) return;
    const body = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
    // Messages may carry a detail after the code ("TOKEN_EXPIRED : ...").
    const code = typeof body?.error?.message === 'string' ? body.error.message.split(/[\s:]/)[0]! : '';
    if (code === 'USER_NOT_FOUND') return;
    if (RECENT_SIGN_IN_REFUSALS.has(code)) throw new RecentSignInRequiredError(`Identity Toolkit refused the deletion: ${code}`);
    throw new IdentityToolkitError(`Identity Toolkit answered ${response.status} ${code}`);
  };
}
