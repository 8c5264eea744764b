import { Container, focusElement, useTranslation } from '@site/shared-ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { SCROLL_TO_TOP_THRESHOLD_PX } from '../constants';
import { controlStyles } from '../header/controlStyles';
import { MAIN_ID } from './SkipLink';

/** At the page's end, in the flow: it never covers anything, at any width or zoom. */
const End = styled(Container)`
  display: flex;
  justify-content: flex-end;
  padding-block: 1rem;
`;

const Button = styled.button`
  ${controlStyles}
  background: ${({ theme }) => theme.color.accent};
  color: ${({ theme }) => theme.color.onAccent};
  border-color: ${({ theme }) => theme.color.onAccent};
`;

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Once the visitor has scrolled past 400px, a button at the end of the page (below the footer, in
 * the flow: it appears below everything, so nothing moves) returns to the top and puts focus on the
 * page's heading. A floating one covered FAQ questions, partners and cards at 375 px and at 400% zoom.
 */
export function ScrollToTop() {
  const { t } = useTranslation('shell');
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
    // The page's position is first read in a task of its own: read in the commit that mounts this
    // (a prerendered page's hydration), it would lay out the whole page there, in that long task.
    const first = setTimeout(update);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      clearTimeout(first);
      window.removeEventListener('scroll', update);
    };
  }, []);

  if (!visible) return null;
  return (
    <End>
      <Button
        type="button"
        onClick={() => {
          window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
          const top = document.querySelector<HTMLElement>(`#${MAIN_ID} h1`) ?? document.getElementById(MAIN_ID);
          if (top) focusElement(top, { scroll: false });
        }}
      >
        {t('scrollToTop')}
      </Button>
    </End>
  );
}
