import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '@site/shared-ui';
import styled from 'styled-components';
import { controlStyles } from './controlStyles';
import { LanguageToggle } from './LanguageToggle';
import { NavList } from './NavList';
import { ThemeSwitcher } from './ThemeSwitcher';

const Dialog = styled.dialog`
  margin: 0 0 0 auto;
  inset-block: 0;
  height: 100dvh;
  max-height: 100dvh;
  width: min(22rem, 88vw);
  padding: 1rem 1.25rem;
  border: 0;
  border-left: 2px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  &[open] {
    animation: slide-in 200ms ease-out;
  }
  &::backdrop {
    background: rgb(0 0 0 / 0.6);
  }
  @keyframes slide-in {
    from {
      transform: translateX(100%);
    }
    to {
      transform: translateX(0);
    }
  }
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem 1rem;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.type.size.h3};
  }
`;

/** The theme and the language, in the panel on a narrow screen (the header holds them on a wide one). */
const Settings = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-block-start: 1.5rem;
  padding-block-start: 1rem;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

const Close = styled.button`
  ${controlStyles}
`;

interface Props {
  open: boolean;
  onClose: () => void;
  opener: RefObject<HTMLButtonElement | null>;
  id: string;
}

/**
 * The narrow-screen menu, with the theme and the language: a modal dialog (WAI-ARIA APG). showModal() moves focus in and keeps it
 * there (the rest of the page is inert); Escape and the close button close it; focus returns to
 * the opener, unless a link was chosen, in which case it goes to the new page's heading.
 * Its contents are drawn the first time it opens, then kept: a closed dialog is neither shown nor
 * in the accessibility tree, so the server's HTML of a page holds none of it, and hydrating the page
 * does not run a second set of the header's links and controls for a menu nobody has opened.
 */
export function SidePanel({ open, onClose, opener, id }: Props) {
  const { t } = useTranslation('shell');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const navigated = useRef(false);
  const [drawn, setDrawn] = useState(open);
  if (open && !drawn) setDrawn(true);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      navigated.current = false;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    <Dialog
      ref={dialog}
      id={id}
      aria-labelledby={drawn ? titleId : undefined}
      onClose={() => {
        onClose();
        if (!navigated.current) opener.current?.focus();
      }}
    >
      {drawn && (
        <>
          <Top>
            <h2 id={titleId}>{t('menu.title')}</h2>
            <Close type="button" onClick={onClose}>
              {t('menu.close')}
            </Close>
          </Top>
          <nav aria-label={t('nav.label')}>
            <NavList
              vertical
              onNavigate={() => {
                navigated.current = true;
                onClose();
              }}
            />
          </nav>
          <Settings>
            <ThemeSwitcher />
            <LanguageToggle />
          </Settings>
        </>
      )}
    </Dialog>
  );
}
