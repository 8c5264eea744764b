import type { ServiceCall } from '@site/shared-ui/service-call';
import { serviceRead, type ServiceReadName } from '@site/shared-ui/service-reads';
import type { UserInfo, UserServiceClient } from '@site/shared-ui/user-service';
import { dropReadAhead, readAhead } from './readAhead';

/** The trial guard's read (readAhead.ts's key, and the key of its answer in the query client). */
export const USER_INFO = 'get-user-info' satisfies ServiceReadName;

/** POST /get-user-info through `client`: whether the user's trial was ever activated, and a subscription is live now. */
export const getUserInfoWith = (client: UserServiceClient): ServiceCall<UserInfo> => serviceRead(USER_INFO, () => client);

/**
 * Sends get-user-info with the login cookie's token as a page the trial guard keeps starts, while
 * the session is not yet known (readAhead.ts); the guard of this visit (`visit`: the page's path;
 * null: the document's first page, from the shell's entry) takes its answer once the session says
 * that user is signed in. Returns what forgets it, for when the visitor leaves the page.
 */
export function readUserInfoAhead(visit: string | null): () => void {
  readAhead(USER_INFO, visit, getUserInfoWith);
  return () => dropReadAhead(USER_INFO);
}
