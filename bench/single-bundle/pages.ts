// The non-federated twin of shell/src/remotes/federation.ts, for the benchmark's single bundle:
// the same pages, imported as ordinary lazy chunks of one webpack build.
import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

const pages: Record<string, () => Promise<PageModule>> = {
  'mfe_marketing/LandingPage': () => import('../../mfe-marketing/src/features/landing/LandingPage'),
  'mfe_marketing/ContactPage': () => import('../../mfe-marketing/src/features/contact/ContactPage'),
  'mfe_marketing/AboutPage': () => import('../../mfe-marketing/src/features/about/AboutPage'),
  'mfe_marketing/AccessibilityPage': () => import('../../mfe-marketing/src/features/accessibility/AccessibilityPage'),
  'mfe_auth/LoginPage': () => import('../../mfe-auth/src/features/login/LoginPage'),
  'mfe_account/AccountPage': () => import('../../mfe-account/src/features/account/AccountPage'),
  'mfe_account/PricingPage': () => import('../../mfe-account/src/features/pricing/PricingPage'),
  'mfe_account/ResetLinkedDevicePage': () => import('../../mfe-account/src/features/resetLinkedDevice/ResetLinkedDevicePage'),
};

export interface ExposedPage {
  remote: string;
  module: string;
}

export async function ensureRemotesRegistered(): Promise<Map<string, string>> {
  return new Map();
}

export function loadPage({ remote, module }: ExposedPage): Promise<PageModule> {
  const load = pages[`${remote}/${module.replace(/^\.\//, '')}`];
  if (!load) return Promise.reject(new Error(`no page ${remote}/${module}`));
  return load();
}

/** The single bundle's pages are ordinary lazy chunks: prefetching one is importing it. */
export function prefetchPages(remote: string, modules: string[]): void {
  for (const module of modules) void loadPage({ remote, module }).catch(() => undefined);
}
