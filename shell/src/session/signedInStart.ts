// Whether a page load is one that waits for sign-in: read by the shell's entry (main.js) before any
// of the rest has loaded, so kept to the route table and the cookie's name.
import { LOGIN_COOKIE } from '@site/shared-ui/login-cookie';
import table from '../app/routeTable.json';

const SIGNED_IN = new RegExp(`(?:^|;\\s*)${LOGIN_COOKIE}=[^;]`);

/**
 * `pathname` is a page behind the access guard, and the login cookie (`cookie`: document.cookie)
 * says someone is signed in: whether the page has the trial guard too. Null otherwise.
 */
export function signedInPageAt(pathname: string, cookie: string): { trial: boolean } | null {
  const route = table.routes.find((candidate) => candidate.path === pathname);
  if (!route || !('access' in route) || !route.access || !SIGNED_IN.test(cookie)) return null;
  return { trial: 'trial' in route && Boolean(route.trial) };
}
