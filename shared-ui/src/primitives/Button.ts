import { createElement, forwardRef, type ComponentPropsWithRef, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';

type Variant = 'primary' | 'secondary';

/** Shared look of buttons and button-like links: large targets, visible focus, text contrast 7:1. */
export const buttonStyles = css<{ $variant?: Variant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: ${({ theme }) => theme.layout.minTarget};
  min-width: ${({ theme }) => theme.layout.minTarget};
  padding: 0.5rem 1.25rem;
  border-radius: ${({ theme }) => theme.layout.radius};
  border: 2px solid ${({ theme }) => theme.color.accent};
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  ${({ theme, $variant = 'primary' }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.color.accent};
          color: ${theme.color.onAccent};
        `
      : css`
          background: transparent;
          color: ${theme.color.text};
        `}
  &:hover {
    text-decoration: underline;
  }
  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.75;
  }
`;

const StyledButton = styled.button<{ $variant?: Variant }>`
  ${buttonStyles}
`;

type ButtonProps = ComponentPropsWithRef<typeof StyledButton>;

/**
 * A button. `disabled` keeps it focusable (aria-disabled, and a press does nothing): a button
 * that disables itself while its work runs (a form sending, a plan being started) would
 * otherwise drop the keyboard's focus to the page's body, and a screen reader would say nothing
 * of where the user is.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ disabled, onClick, ...rest }, ref) {
  return createElement(StyledButton, {
    ...rest,
    ref,
    'aria-disabled': disabled ? true : undefined,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      // A press (or a form's implicit submission through its button) while disabled does nothing.
      if (disabled) return event.preventDefault();
      onClick?.(event);
    },
  });
});

/** A link within the site that looks like a button (a call to action). */
export const ButtonLink = styled(Link)<{ $variant?: Variant }>`
  ${buttonStyles}
`;

/** A plain anchor that looks like a button (another tab, another site). */
export const ButtonAnchor = styled.a<{ $variant?: Variant }>`
  ${buttonStyles}
`;
