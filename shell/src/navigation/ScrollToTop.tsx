import { focusElement, useTranslation } from '@site/shared-ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { SCROLL_TO_TOP_THRESHOLD_PX } from '../config';
import { controlStyles } from '../header/controlStyles';
import { MAIN_ID } from './SkipLink';

const Floating = styled.button`
  ${controlStyles}
  position: fixed;
  right: 1rem;
  bottom: 1rem;
  z-index: 10;
  background: ${({ theme }) => theme.color.accent};
  color: ${({ theme }) => theme.color.onAccent};
  border-color: ${({ theme }) => theme.color.onAccent};
`;

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Appears past 400px of scroll; returns to the top and puts focus on the page's heading. */
export function ScrollToTop() {
  const { t } = useTranslation('shell');
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  if (!visible) return null;
  return (
    <Floating
      type="button"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
        const top = document.querySelector<HTMLElement>(`#${MAIN_ID} h1`) ?? document.getElementById(MAIN_ID);
        if (top) focusElement(top, { scroll: false });
      }}
    >
      {t('scrollToTop')}
    </Floating>
  );
}
