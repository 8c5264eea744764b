import { Container, Link, PageIntro, plainFigures, runtimeConfig, StaticPart, StatusMessage, useTranslation } from '@site/shared-ui';
import styled from 'styled-components';
import type { ReactNode } from 'react';
import '../../i18n/register';

/** A section of a legal page: a region named by its h2; a price in it has a plain zero. */
const Region = styled.section`
  ${plainFigures}
`;

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Region aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </Region>
  );
}

/**
 * The frame of the privacy notice and the terms: the title and description, a plain warning where
 * the operator is local mode's stand-in, the sections, the date, and the link to the other page.
 * The text after the title is static: a page hydrated in the browser keeps the server's HTML of it.
 */
export function LegalPage({ page, children, other }: { page: 'privacy' | 'terms'; children: ReactNode; other: { to: string; label: string } }) {
  const { t } = useTranslation('marketing');
  const { operator } = runtimeConfig();
  return (
    <Container>
      <PageIntro title={t(`${page}.title`)} description={t(`${page}.description`)} />
      {operator.local && (
        <StatusMessage role="note" $tone="danger">
          {t(`${page}.localNotice`)}
        </StatusMessage>
      )}
      <StaticPart name={`${page}-text`}>
        {children}
        <p>{t(`${page}.updated`)}</p>
        <p>
          <Link to={other.to}>{other.label}</Link>
        </p>
      </StaticPart>
    </Container>
  );
}

/** The operator's details, as the pages' sentences name them. */
export function operatorFigures() {
  const { operator } = runtimeConfig();
  return { name: operator.name, address: operator.address, registration: operator.registration, email: operator.email };
}
