// Whether a page load is one that waits for sign-in: read by the shell's entry (main.js) before any
// of the rest has loaded, so kept to the route table and the cookie's name.
import { LOGIN_COOKIE_SET } from '@site/shared-ui/login-cookie';
import { routeForPath } from '../app/routes';

const signedIn = new RegExp(LOGIN_COOKIE_SET);

/**
 * `pathname` is a page behind the access guard, and the login cookie (`cookie`: document.cookie)
 * says someone is signed in: whether the page has the trial guard too. Null otherwise.
 */
export function signedInPageAt(pathname: string, cookie: string): { trial: boolean } | null {
  const route = routeForPath(pathname);
  if (!route?.access || !signedIn.test(cookie)) return null;
  return { trial: Boolean(route.trial) };
}
