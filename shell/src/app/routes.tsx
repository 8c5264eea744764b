import type { TrialMode } from '../guards/TrialGuard';
import type { ExposedPage } from '../remotes/federation';

/** Each page a remote exposes, by the route that shows it. */
export const pages = {
  landing: { remote: 'mfe_marketing', module: './LandingPage' },
  contact: { remote: 'mfe_marketing', module: './ContactPage' },
  about: { remote: 'mfe_marketing', module: './AboutPage' },
  accessibility: { remote: 'mfe_marketing', module: './AccessibilityPage' },
  login: { remote: 'mfe_auth', module: './LoginPage' },
  account: { remote: 'mfe_account', module: './AccountPage' },
  pricing: { remote: 'mfe_account', module: './PricingPage' },
  resetLinkedDevice: { remote: 'mfe_account', module: './ResetLinkedDevicePage' },
} satisfies Record<string, ExposedPage>;

export type PageName = keyof typeof pages;

export interface SiteRoute {
  path: string;
  page: PageName;
  /** Needs a signed-in user (the access guard). */
  access?: boolean;
  /** The trial guard's mode, when the route has one. */
  trial?: TrialMode;
}

/**
 * The route table (spec section 2). /my-account and /account-pricing are aliases, with the same
 * guards (spec section 4): the access guard on the account, pricing and reset pages; the trial
 * guard in its default mode on the account, in its opposite mode on pricing.
 */
export const siteRoutes: SiteRoute[] = [
  { path: '/', page: 'landing' },
  { path: '/contact', page: 'contact' },
  { path: '/aboutus', page: 'about' },
  { path: '/accessibility', page: 'accessibility' },
  { path: '/login', page: 'login' },
  { path: '/account', page: 'account', access: true, trial: 'default' },
  { path: '/my-account', page: 'account', access: true, trial: 'default' },
  { path: '/pricing', page: 'pricing', access: true, trial: 'opposite' },
  { path: '/account-pricing', page: 'pricing', access: true, trial: 'opposite' },
  { path: '/reset-linked-device', page: 'resetLinkedDevice', access: true },
];

export function pageForPath(pathname: string): ExposedPage | undefined {
  const route = siteRoutes.find((r) => r.path === pathname);
  return route && pages[route.page];
}

