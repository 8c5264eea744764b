import { type Locale, setLocale, useTranslation, VisuallyHidden } from '@site/shared-ui';
import { useState } from 'react';
import styled from 'styled-components';
import { controlStyles } from './controlStyles';

const Toggle = styled.button`
  ${controlStyles}
`;

/**
 * Switches between Romanian and English; named in the language it switches to. The switch is said
 * (politely, in the new language): a screen reader, its focus on the button, would otherwise hear
 * nothing of a page that has changed language under it.
 */
export function LanguageToggle() {
  const { t, i18n } = useTranslation('shell');
  const next: Locale = i18n.language === 'en' ? 'ro' : 'en';
  const [switched, setSwitched] = useState(false);
  return (
    <>
      <Toggle
        type="button"
        lang={next}
        onClick={() => {
          setSwitched(true);
          setLocale(next);
        }}
      >
        {t(`common:language.${next}`)}
      </Toggle>
      <VisuallyHidden role="status">{switched ? t('languageChanged') : ''}</VisuallyHidden>
    </>
  );
}
