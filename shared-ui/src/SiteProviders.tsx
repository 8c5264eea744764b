import { useEffect, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from './i18n/i18n';
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

/** Theme and language for the shell and for each remote's local host: one way to do both. */
export function SiteProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <DocumentDescription />
      <ThemeModeProvider>{children}</ThemeModeProvider>
    </I18nextProvider>
  );
}
