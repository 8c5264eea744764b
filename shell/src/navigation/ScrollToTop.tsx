import { focusElement, useTranslation } from '@site/shared-ui';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { SCROLL_TO_TOP_THRESHOLD_PX } from '../constants';
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
  &[data-covering] {
    visibility: hidden;
  }
`;

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Appears past 400px of scroll; returns to the top and puts focus on the page's heading. It never
 * hides the focused element (WCAG 2.4.11): while it would cover it, it steps aside (hidden).
 */
export function ScrollToTop() {
  const { t } = useTranslation('shell');
  const [visible, setVisible] = useState(false);
  const [covering, setCovering] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const update = () => {
      setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
      const focused = document.activeElement;
      const self = button.current;
      setCovering(
        Boolean(self && focused instanceof HTMLElement && focused !== self && focused !== document.body) &&
          overlap(self!.getBoundingClientRect(), (focused as HTMLElement).getBoundingClientRect()),
      );
    };
    // The page's position is first read in a task of its own: read in the commit that mounts this
    // (a prerendered page's hydration), it would lay out the whole page there, in that long task.
    const first = setTimeout(update);
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    return () => {
      clearTimeout(first);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
    };
  }, []);

  // Measured once drawn: the element focused when it appears may be under it.
  useEffect(() => {
    if (!visible) return;
    const focused = document.activeElement;
    if (button.current && focused instanceof HTMLElement && focused !== document.body && focused !== button.current) {
      setCovering(overlap(button.current.getBoundingClientRect(), focused.getBoundingClientRect()));
    }
  }, [visible]);

  if (!visible) return null;
  return (
    <Floating
      ref={button}
      data-covering={covering ? '' : undefined}
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
