import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './i18n/i18n';
import { ThemeModeProvider } from './theme/ThemeModeProvider';

/** Theme and language for the shell and for each remote's local host: one way to do both. */
export function SiteProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeModeProvider>{children}</ThemeModeProvider>
    </I18nextProvider>
  );
}
