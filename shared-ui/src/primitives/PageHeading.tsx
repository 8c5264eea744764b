import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { consumeNavigationFocus } from '../navigationFocus';

// Its size is the type scale's h1 (the global rules: globalCss.ts).
const H1 = styled.h1`
  margin-block: 1.5rem 1rem;
`;

/**
 * Where a server render puts the page's title: the prerendered document is named by its page from
 * its first byte (what a screen reader says when the page opens), not by the site's name alone.
 */
export const ServerPageTitle = createContext<((title: string) => void) | null>(null);

/** Where a server render puts what the page says it is about: its description, from the first byte. */
export const ServerPageDescription = createContext<((description: string) => void) | null>(null);

/** The page's description (its introduction): the document's meta description, for search engines and shared links. */
export function usePageDescription(description: string): void {
  useContext(ServerPageDescription)?.(description);
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [description]);
}

/** Sets the (translated) document title: "<page> · <brand>". */
export function usePageTitle(title: string): void {
  const { t } = useTranslation('common');
  const full = `${title}${t('titleSeparator')}${t('brand')}`;
  // On the server only (effects do not run there); the last page title rendered is the document's.
  useContext(ServerPageTitle)?.(full);
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
  max-width: ${({ theme }) => theme.type.measure};
`;

/** A page's h1 and its introduction. */
export function PageIntro({ title, description }: { title: string; description: string }) {
  usePageDescription(description);
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <Lead>{description}</Lead>
    </>
  );
}
