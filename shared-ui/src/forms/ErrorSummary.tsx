import { forwardRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Summary = styled.div`
  margin-bottom: 1.5rem;
  padding: 1rem 1.25rem;
  border: 3px solid ${({ theme }) => theme.color.danger};
  border-radius: ${({ theme }) => theme.layout.radius};
  h2,
  h3 {
    margin-top: 0;
    font-size: ${({ theme }) => theme.type.size.h3};
  }
  a {
    color: ${({ theme }) => theme.color.danger};
    font-weight: 600;
  }
  ul {
    margin-bottom: 0;
  }
`;

export interface SummaryItem {
  /** The id of the field the item leads to. */
  fieldId: string;
  message: string;
}

/**
 * The errors of a submitted form, each a link to its field (the GOV.UK error summary). The form
 * moves focus here on a failed submit, so a screen reader reads the list at once.
 */
export const ErrorSummary = forwardRef<HTMLDivElement, { items: SummaryItem[]; headingLevel?: 2 | 3 }>(function ErrorSummary({ items, headingLevel = 2 }, ref) {
  const { t } = useTranslation('common');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const goTo = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    // Focus the field itself rather than changing the URL's hash (the router owns the URL).
    const field = document.getElementById(fieldId);
    if (!field) return;
    event.preventDefault();
    field.focus();
  };
  return (
    <Summary ref={ref} tabIndex={-1} role="group" aria-labelledby="error-summary-title">
      <Heading id="error-summary-title">{t('forms.summaryTitle')}</Heading>
      <p>{t('forms.summaryIntro')}</p>
      <ul>
        {items.map(({ fieldId, message }) => (
          <li key={fieldId}>
            <a href={`#${fieldId}`} onClick={(event) => goTo(event, fieldId)}>
              {message}
            </a>
          </li>
        ))}
      </ul>
    </Summary>
  );
});
