// The prerender's stand-in for shell/src/remotes/federation.ts: the pages that are prerendered
// (the public pages: the marketing remote's and the sign-in page), imported directly into the
// prerender's Node bundle.
import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

const modules: Record<string, () => Promise<PageModule>> = {
  'mfe_marketing/LandingPage': () => import('../../mfe-marketing/src/features/landing/LandingPage'),
  'mfe_marketing/ContactPage': () => import('../../mfe-marketing/src/features/contact/ContactPage'),
  'mfe_marketing/AboutPage': () => import('../../mfe-marketing/src/features/about/AboutPage'),
  'mfe_marketing/AccessibilityPage': () => import('../../mfe-marketing/src/features/accessibility/AccessibilityPage'),
  'mfe_auth/LoginPage': () => import('../../mfe-auth/src/features/login/LoginPage'),
};

export interface ExposedPage {
  remote: string;
  module: string;
}

const loaded = new Map<string, PageModule>();
const key = ({ remote, module }: ExposedPage) => `${remote}/${module.replace(/^\.\//, '')}`;

export async function ensureRemotesRegistered(): Promise<Map<string, string>> {
  return new Map();
}

/**
 * A page loaded before the render is handed back synchronously (a thenable that resolves at
 * once), so React renders it in the same pass instead of its loading fallback.
 */
export function loadPage(page: ExposedPage): Promise<PageModule> {
  const module = loaded.get(key(page));
  if (module) return { then: (resolve: (m: PageModule) => unknown) => resolve(module) } as unknown as Promise<PageModule>;
  const load = modules[key(page)];
  if (!load) return Promise.reject(new Error(`${key(page)} is not prerendered`));
  return load().then((m) => {
    loaded.set(key(page), m);
    return m;
  });
}

export function prefetchPages(): void {
  /* nothing to prefetch while prerendering */
}
