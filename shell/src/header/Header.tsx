import { Container, LaterPart, Link, useTranslation } from '@site/shared-ui';
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { controlStyles } from './controlStyles';
import { LanguageToggle } from './LanguageToggle';
import { NavList } from './NavList';
import { SidePanel } from './SidePanel';
import { ThemeSwitcher } from './ThemeSwitcher';

const Bar = styled.header`
  border-bottom: 2px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
`;

/**
 * Wider than the page's text: the Romanian links, the theme select and the language button hold
 * on one row from 1280 px (at the text's width they wrapped under the brand). Narrower than the
 * narrow breakpoint (a phone, or 400% zoom: 320 CSS px) the header is one row, the site's name
 * and the menu button: the links, the theme and the language are in the side panel, so the page's
 * heading is in the first screen.
 */
const Row = styled(Container)`
  max-width: calc(${({ theme }) => theme.layout.maxWidth} + 8rem);
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
  padding-block: 0.5rem;
  @media (max-width: ${({ theme }) => theme.layout.narrowBreakpoint}) {
    flex-wrap: nowrap;
  }
`;

/** The theme and the language in the header on a wide screen; on a narrow one they are the side panel's. */
const WideOnly = styled.div`
  display: contents;
  @media (max-width: ${({ theme }) => theme.layout.narrowBreakpoint}) {
    display: none;
  }
`;

const Brand = styled(Link)`
  font-size: 1.5rem;
  font-weight: 800;
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  margin-inline-end: auto;
  min-height: ${({ theme }) => theme.layout.minTarget};
  display: inline-flex;
  align-items: center;
`;

const WideNav = styled.nav`
  @media (max-width: ${({ theme }) => theme.layout.narrowBreakpoint}) {
    display: none;
  }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const MenuButton = styled.button`
  ${controlStyles}
  @media (min-width: calc(${({ theme }) => theme.layout.narrowBreakpoint} + 0.0625rem)) {
    display: none;
  }
`;

/** Brand, navigation, theme and language: the part of every page the shell owns (one control each at any width). */
export function Header() {
  const { t } = useTranslation('shell');
  const [menuOpen, setMenuOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  return (
    <Bar>
      <Row>
        <Brand to="/">{t('common:brand')}</Brand>
        {/* The wide screen's links, theme and language hydrate after the rest of the page, each set
            on its own (shared-ui's LaterPart): at once where they are in view, when the browser is
            idle on a narrow screen, which hides them (its side panel draws its own). */}
        <WideNav aria-label={t('nav.label')}>
          <LaterPart name="header-links">
            <NavList />
          </LaterPart>
        </WideNav>
        <Controls>
          <WideOnly>
            <LaterPart name="header-settings">
              <ThemeSwitcher />
              <LanguageToggle />
            </LaterPart>
          </WideOnly>
          <MenuButton ref={opener} type="button" aria-haspopup="dialog" aria-expanded={menuOpen} aria-controls={panelId} onClick={() => setMenuOpen(true)}>
            {t('menu.open')}
          </MenuButton>
        </Controls>
      </Row>
      <SidePanel id={panelId} open={menuOpen} onClose={() => setMenuOpen(false)} opener={opener} />
    </Bar>
  );
}
