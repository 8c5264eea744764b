import { LOCAL_FIREBASE, LOCAL_USER_SERVICE_URL } from '@site/contract/local-setup';
import { LOCALES, type Locale } from './i18n/locales';

/** Runtime configuration, served as /config.js by each environment (never compiled in). */
export interface RuntimeConfig {
  /** Where the shell reads the remotes document. */
  remotesUrl: string;
  /** Base URL of the user service. */
  userServiceUrl: string;
  /** The contact details shown on /contact, per locale. */
  contact: Record<Locale, { phone: string; email: string }>;
  /** The Firebase web app (a real project, or the emulator's demo project). */
  firebase: { apiKey: string; authDomain: string; projectId: string };
  /** The Auth emulator's URL when the site runs against it (local and tests), else null. */
  authEmulatorUrl: string | null;
  /** The site's pages on social networks; an unset one is not shown. */
  social: Partial<Record<SocialNetwork, string>>;
  /** The Android app on Google Play (the account's download button); empty: not shown. */
  androidAppUrl: string;
  /** Stripe's pricing table and customer portal; an empty value is not configured. */
  stripe: StripeConfig;
  /** Checkouts simulated on the site's own plan cards (the embedded default: no Stripe keys). */
  localBilling: boolean;
  /** Who runs the service, as the privacy notice and the terms name them (site-server/src/operator.ts). */
  operator: Operator;
}

/** The service's operator: configuration, required outside local mode; `local`: local mode's marked stand-in. */
export interface Operator {
  name: string;
  address: string;
  registration: string;
  email: string;
  local: boolean;
}

export interface StripeConfig {
  pricingTableId: string;
  publishableKey: string;
  customerPortalUrl: string;
}

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<RuntimeConfig>;
  }
  // Set by /config.js in the browser, and by the site's server while it renders a page (@site/rendering).
  var __APP_CONFIG__: Partial<RuntimeConfig> | undefined;
}

/** Where the remotes document is served unless REMOTES_URL moves it (the shell's own server). */
export const DEFAULT_REMOTES_URL = '/remotes.json';

const defaults: RuntimeConfig = {
  remotesUrl: DEFAULT_REMOTES_URL,
  userServiceUrl: LOCAL_USER_SERVICE_URL,
  // Each environment's values come from its /config.js (site-server/src/runtimeConfig.ts); an empty one is not shown.
  contact: Object.fromEntries(LOCALES.map((locale) => [locale, { phone: '', email: '' }])) as RuntimeConfig['contact'],
  social: {},
  firebase: { ...LOCAL_FIREBASE },
  authEmulatorUrl: null,
  androidAppUrl: '',
  stripe: { pricingTableId: '', publishableKey: '', customerPortalUrl: '' },
  localBilling: false,
  operator: { name: '', address: '', registration: '', email: '', local: true },
};

export function runtimeConfig(): RuntimeConfig {
  const fromPage = globalThis.__APP_CONFIG__ ?? {};
  return { ...defaults, ...fromPage };
}
