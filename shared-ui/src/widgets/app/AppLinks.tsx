import { useTranslation } from 'react-i18next';
import { ButtonAnchor } from '../../primitives/Button';
import { VisuallyHidden } from '../../primitives/VisuallyHidden';
import { runtimeConfig } from '../../runtimeConfig';

/**
 * The Android app's store listing (ANDROID_APP_URL), as a button whose name says where it goes
 * (the visible words, then the store and that it is another site). None where no listing is
 * configured.
 */
export function AndroidAppLink({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation('common');
  const url = runtimeConfig().androidAppUrl;
  if (!url) return null;
  return (
    <ButtonAnchor href={url} $variant={variant}>
      {t('app.android')}
      <VisuallyHidden> {t('app.androidWhere')}</VisuallyHidden>
    </ButtonAnchor>
  );
}

/** Whether there is an iPhone app, said in the same words everywhere (the FAQ reads the same string). */
export function IphoneAppStatus({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return <p className={className}>{t('app.iphone')}</p>;
}
