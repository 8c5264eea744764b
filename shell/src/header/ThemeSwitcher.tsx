import { MARKERS } from '@site/rendering/contract';
import { isThemePreference, STORAGE_KEYS, THEME_PREFERENCES, useThemeMode, useTranslation, VisuallyHidden } from '@site/shared-ui';
import { useId } from 'react';
import styled from 'styled-components';
import { controlStyles } from './controlStyles';

const Select = styled.select`
  ${controlStyles}
`;

/** A choice made before the page hydrates is stored at once, under the theme's key (the early-event script). */
const storedChoice = { [MARKERS.storedChoiceAttribute]: STORAGE_KEYS.theme };

/** Light, dark or system (which follows the device live). */
export function ThemeSwitcher() {
  const { t } = useTranslation('shell');
  const { preference, setPreference } = useThemeMode();
  const id = useId();
  return (
    <>
      <VisuallyHidden as="label" htmlFor={id}>
        {t('theme.label')}
      </VisuallyHidden>
      <Select
        id={id}
        {...storedChoice}
        value={preference}
        onChange={(event) => {
          if (isThemePreference(event.target.value)) setPreference(event.target.value);
        }}
      >
        {THEME_PREFERENCES.map((option) => (
          <option key={option} value={option}>
            {t(`theme.${option}`)}
          </option>
        ))}
      </Select>
    </>
  );
}
