import type { ReactNode } from 'react';
import styled from 'styled-components';

const Region = styled.section`
  padding-block: 2.5rem;
  scroll-margin-top: 1rem;
  > p:first-of-type {
    max-width: ${({ theme }) => theme.type.measure};
  }
`;

/**
 * A section of a page (the landing page's parts): a region named by its own h2, with the anchor
 * id links lead to. It can take focus (tabIndex -1) so that a link to its anchor moves the
 * reading position there.
 */
export function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children?: ReactNode }) {
  const titleId = `${id}-title`;
  return (
    <Region id={id} aria-labelledby={titleId} tabIndex={-1}>
      <h2 id={titleId}>{title}</h2>
      {intro && <p>{intro}</p>}
      {children}
    </Region>
  );
}
