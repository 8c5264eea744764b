// What a page's server HTML was drawn with, as far as a part kept or held from it cares: the
// language and the theme. Shared by StaticPart and LaterPart: one rule for when the server's HTML of
// a part no longer says what the page would draw.
import { useContext, useState } from 'react';
import { ThemeContext } from 'styled-components';
import { useTranslation } from '../router';

/** Whether the language or the theme now differs from the one this component first rendered with. */
export function useDrawnWithOtherwise(): boolean {
  const { i18n } = useTranslation();
  const theme: unknown = useContext(ThemeContext);
  const [drawn] = useState(() => ({ language: i18n.language, theme }));
  return i18n.language !== drawn.language || theme !== drawn.theme;
}
