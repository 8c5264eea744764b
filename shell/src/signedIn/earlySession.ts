import { loadFirebaseAuth } from '@site/shared-ui/firebase-auth';
import { readUserInfoAhead } from './userInfoAhead';

/**
 * What a page that waits for sign-in starts from the shell's entry, while React's code (the
 * largest of the page's files) is still on its way, instead of after it has run and the page has
 * hydrated: the auth SDK's load and start (it then looks the stored user up with the auth server),
 * and the trial guard's read with the login cookie's token (./readAhead.ts), for the
 * document's first page, whose guard claims it. The session then finds the SDK started
 * (loadFirebaseAuth keeps one load per page, whichever copy of shared-ui asks), and the guards
 * their answers sooner. A failure is each one's to see: the session loads the SDK again when it
 * starts, the guard asks again.
 */
export function startSignedInPage({ trial }: { trial: boolean }): void {
  loadFirebaseAuth().catch(() => undefined);
  if (trial) readUserInfoAhead(null);
}
