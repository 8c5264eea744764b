import { Link, NavLink, useSignedInHint, useTranslation } from '@site/shared-ui';
import styled from 'styled-components';
import { prefetchRoute } from '../navigation/prefetch';
import { navItemsFor } from './navItems';

const List = styled.ul<{ $vertical?: boolean }>`
  display: flex;
  flex-direction: ${({ $vertical }) => ($vertical ? 'column' : 'row')};
  flex-wrap: wrap;
  gap: ${({ $vertical }) => ($vertical ? '0.25rem' : '0.25rem 0.75rem')};
  list-style: none;
  margin: 0;
  padding: 0;
  a {
    display: inline-flex;
    align-items: center;
    min-height: ${({ theme }) => theme.layout.minTarget};
    padding-inline: 0.25rem;
    color: ${({ theme }) => theme.color.text};
    font-weight: 600;
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.color.link};
    text-decoration-thickness: 0.2em;
  }
`;

/** The site's links, inline in the header or stacked in the side panel. */
export function NavList({ vertical, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const signedIn = useSignedInHint();
  const items = navItemsFor(signedIn);
  return (
    <List $vertical={vertical}>
      {items.map((item) => {
        const props = {
          to: item.to,
          onClick: onNavigate,
          onMouseEnter: () => prefetchRoute(item.to),
          onFocus: () => prefetchRoute(item.to),
        };
        return (
          <li key={item.to}>
            {item.section ? (
              <Link {...props}>{t(item.labelKey)}</Link>
            ) : (
              <NavLink {...props} end={item.end}>
                {t(item.labelKey)}
              </NavLink>
            )}
          </li>
        );
      })}
    </List>
  );
}
