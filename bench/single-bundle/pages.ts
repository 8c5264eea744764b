// The non-federated twin of shell/src/remotes/federation.ts, for the benchmark's single bundle:
// the same pages, imported as ordinary lazy chunks of one webpack build. It imports the remotes'
// sources: the one declared exception to the board's boundaries (.dependency-cruiser.cjs).
import { REMOTE_NAMES } from '@site/shared-ui/remotes-document';
import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

const pages: Record<string, () => Promise<PageModule>> = {
  'mfe_marketing/LandingPage': () => import('../../mfe-marketing/src/features/landing/LandingPage'),
  'mfe_marketing/ContactPage': () => import('../../mfe-marketing/src/features/contact/ContactPage'),
  'mfe_marketing/AboutPage': () => import('../../mfe-marketing/src/features/about/AboutPage'),
  'mfe_marketing/AccessibilityPage': () => import('../../mfe-marketing/src/features/accessibility/AccessibilityPage'),
  'mfe_marketing/NewsletterConfirmPage': () => import('../../mfe-marketing/src/features/newsletter/NewsletterConfirmPage'),
  'mfe_marketing/NewsletterUnsubscribePage': () => import('../../mfe-marketing/src/features/newsletter/NewsletterUnsubscribePage'),
  'mfe_auth/LoginPage': () => import('../../mfe-auth/src/features/login/LoginPage'),
  'mfe_account/AccountPage': () => import('../../mfe-account/src/features/account/AccountPage'),
  'mfe_account/PricingPage': () => import('../../mfe-account/src/features/pricing/PricingPage'),
  'mfe_account/ResetLinkedDevicePage': () => import('../../mfe-account/src/features/resetLinkedDevice/ResetLinkedDevicePage'),
  'mfe_account/LocalPortalPage': () => import('../../mfe-account/src/features/localPortal/LocalPortalPage'),
};

export interface ExposedPage {
  remote: string;
  module: string;
}

/**
 * Every page is this bundle's own: the "deployment" a prerendered page was rendered from is this
 * origin (bench/run.mjs renders them so), which lets the shell hydrate them as it would a remote's.
 */
export async function ensureRemotesRegistered(): Promise<Map<string, { manifest: string; cohort: 'stable' }>> {
  return new Map(REMOTE_NAMES.map((remote) => [remote, { manifest: `${window.location.origin}/`, cohort: 'stable' }]));
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
