import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { consumeNavigationFocus } from '../navigationFocus';

const H1 = styled.h1`
  font-size: clamp(1.875rem, 5vw, 3rem);
  margin-block: 1.5rem 1rem;
`;

/** Sets the (translated) document title: "<page> · <brand>". */
export function usePageTitle(title: string): void {
  const { t } = useTranslation('common');
  const full = `${title}${t('titleSeparator')}${t('brand')}`;
  useEffect(() => {
    document.title = full;
  }, [full]);
}

/**
 * The page's one h1. It takes focus programmatically (tabIndex -1) so that the shell can move
 * focus to it after each navigation, and it names the document.
 */
export function PageHeading({ children, title, id }: { children: ReactNode; title?: string; id?: string }) {
  usePageTitle(title ?? (typeof children === 'string' ? children : ''));
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (ref.current) consumeNavigationFocus(ref.current);
  }, []);
  return (
    <H1 ref={ref} id={id} tabIndex={-1}>
      {children}
    </H1>
  );
}

const Lead = styled.p`
  font-size: 1.25rem;
  max-width: 48rem;
`;

/** A page's h1 and its introduction. */
export function PageIntro({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <Lead>{description}</Lead>
    </>
  );
}
