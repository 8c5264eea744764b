import { nextLocale, setLocale, useTranslation } from '@site/shared-ui';
import styled from 'styled-components';
import { controlStyles } from './controlStyles';

const Toggle = styled.button`
  ${controlStyles}
`;

/** Switches between Romanian and English; named in the language it switches to. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation('shell');
  const next = nextLocale(i18n.language);
  return (
    <Toggle type="button" lang={next} onClick={() => setLocale(next)}>
      {t(`common:language.${next}`)}
    </Toggle>
  );
}
