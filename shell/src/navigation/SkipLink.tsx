import { focusElement, useTranslation } from '@site/shared-ui';
import styled from 'styled-components';

const Link = styled.a`
  position: absolute;
  left: 0.5rem;
  top: -10rem;
  z-index: 100;
  padding: 0.75rem 1rem;
  background: ${({ theme }) => theme.color.accent};
  color: ${({ theme }) => theme.color.onAccent};
  font-weight: 700;
  border-radius: ${({ theme }) => theme.layout.radius};
  &:focus {
    top: 0.5rem;
  }
`;

export const MAIN_ID = 'main';

/** The first stop of the Tab key: straight to the page's content. */
export function SkipLink() {
  const { t } = useTranslation('shell');
  return (
    <Link
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        event.preventDefault();
        focusElement(main);
      }}
    >
      {t('skipLink')}
    </Link>
  );
}
