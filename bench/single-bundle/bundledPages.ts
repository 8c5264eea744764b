// The non-federated twin of shell/src/remotes/federation.ts, for the benchmark's single bundle:
// the same pages, imported as ordinary lazy chunks of one webpack build, behind the same typed
// interface (each export is typed as federation.ts's own, and `pnpm typecheck` checks it). It
// imports the remotes' sources: the one declared exception to the board's boundaries
// (.dependency-cruiser.cjs).
import { REMOTE_NAMES, type RemoteName } from '@site/shared-ui/remotes-document';
import type * as federation from '../../shell/src/remotes/federation';

type PageModule = Awaited<ReturnType<typeof federation.loadPage>>;

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

const pageKey = (remote: RemoteName, module: string) => `${remote}/${module.replace(/^\.\//, '')}`;

/**
 * Every page is this bundle's own: the "deployment" a prerendered page was rendered from is this
 * origin (bench/run.mjs renders them so), which lets the shell hydrate them as it would a remote's.
 */
const ensureRemotesRegistered: typeof federation.ensureRemotesRegistered = async () =>
  new Map(REMOTE_NAMES.map((remote) => [remote, { manifest: `${window.location.origin}/`, cohort: 'stable' as const }]));

const loadPage: typeof federation.loadPage = ({ remote, module }) => {
  const load = pages[pageKey(remote, module)];
  if (!load) return Promise.reject(new Error(`no page ${remote}/${module}`));
  return load();
};

/** The single bundle's pages are ordinary lazy chunks: prefetching one is importing it. */
const prefetchPages: typeof federation.prefetchPages = (remote, modules) => {
  for (const module of modules) void loadPage({ remote, module }).catch(() => undefined);
};

export { ensureRemotesRegistered, loadPage, prefetchPages };
export type { ExposedPage } from '../../shell/src/remotes/federation';
