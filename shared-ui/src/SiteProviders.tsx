import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createSiteQueryClient } from './api/queryClient';
import { i18n } from './i18n/i18n';
import { onSessionEnd } from './session/session';
import { ThemeModeProvider } from './theme/ThemeModeProvider';

/** The page's description (search results, link previews) in the page's language. */
function DocumentDescription() {
  const { t } = useTranslation('common');
  const description = t('meta.description');
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [description]);
  return null;
}

/** A session's end (sign-out, deletion, a token that could not be refreshed) forgets what was read and sent for its user. */
function ForgetUserDataOnSessionEnd({ client }: { client: QueryClient }) {
  useEffect(() => onSessionEnd(() => client.clear()), [client]);
  return null;
}

/**
 * Theme, language and the user service's queries for the shell and for each remote's local host:
 * one way to do all three. The shell gives the site's one query client (which the remotes share);
 * a remote's local host, a server render or a test gets a client of its own.
 */
export function SiteProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [ownClient] = useState(() => queryClient ?? createSiteQueryClient());
  const client = queryClient ?? ownClient;
  return (
    <QueryClientProvider client={client}>
      <ForgetUserDataOnSessionEnd client={client} />
      <I18nextProvider i18n={i18n}>
        <DocumentDescription />
        <ThemeModeProvider>{children}</ThemeModeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
