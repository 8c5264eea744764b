import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { isArriving } from '../navigationFocus';

const Status = styled.p`
  padding-block: 2rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

/**
 * Announced politely to screen readers while content loads. Drawn on the way to a navigation's page
 * (its code, the guards' checks, its first reads), it is shown and not announced: the page's h1 takes
 * the focus once it is there, and is what a screen reader says first on arrival (a status said before
 * it, up to three of them on the way to a signed-in page, came ahead of the heading: e2e/transcripts/).
 */
export function LoadingStatus({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  // Decided when drawn, and kept: the heading consumes the navigation's focus request as it mounts.
  const [arriving, setArriving] = useState(isArriving);
  // The first status of a navigation is rendered before the shell asks for the heading's focus
  // (FocusOnNavigate's layout effect, which runs before this one): quiet from the same commit on.
  useLayoutEffect(() => {
    if (isArriving()) setArriving(true);
  }, []);
  return <Status role={arriving ? undefined : 'status'}>{label ?? t('loading')}</Status>;
}
