// The signed-in user's calls to the user service, noted when they may have changed what a signed-in
// page shows (loginCookieName.ts, ANSWERS_CHANGED_COOKIE): every call that answered with success
// but the reads (which change nothing), so that the next page the site's server draws for this
// browser reads its answers afresh.
import { SERVICE_READS } from '../api/serviceReads';
import { noteAnswersChanged } from './loginCookie';

const READS = Object.keys(SERVICE_READS);

/** Whether a call to the service at `url` is one of the reads. */
export const isRead = (url: string): boolean => {
  const path = new URL(url, 'http://service.invalid').pathname.replace(/\/+$/, '');
  return READS.some((read) => path.endsWith(`/${read}`));
};

/** The fetch of the signed-in user's client: each call as `fetchImpl` makes it, and a change noted after each that may have been one. */
export function notingChanges(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (response.ok && !isRead(url)) noteAnswersChanged();
    return response;
  };
}
