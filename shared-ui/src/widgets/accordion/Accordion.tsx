import { rovingTarget } from '../../primitives/rovingFocus';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';

const Item = styled.div`
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  /* A question reads at the body's size: the FAQ is a list of them, each a heading to jump to. */
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.type.size.body};
  }
`;

const Trigger = styled.button`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 1rem;
  width: 100%;
  min-height: ${({ theme }) => theme.layout.minTarget};
  padding: 1rem 0.25rem;
  font: inherit;
  font-weight: 600;
  text-align: start;
  color: ${({ theme }) => theme.color.text};
  background: none;
  border: 0;
  cursor: pointer;
  /* The sign is drawn only: its alternative text is empty, so the button's name is the question
     alone (a screen reader would read "plus"), and aria-expanded says whether it is open. */
  &::after {
    content: '+' / '';
    font-size: 1.5rem;
    line-height: 1;
  }
  &[aria-expanded='true']::after {
    content: '−' / '';
  }
  &:hover {
    text-decoration: underline;
  }
`;

const Panel = styled.div`
  padding: 0 0.25rem 1rem;
  p {
    margin: 0;
    max-width: ${({ theme }) => theme.type.measure};
  }
`;

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

/**
 * A single-open accordion (WAI-ARIA APG): each header is a button inside an h3 with
 * aria-expanded and aria-controls; its panel is a region named by the button. Enter and Space
 * toggle (native buttons); ArrowDown/ArrowUp move between headers, wrapping; Home/End go to
 * the first/last header. Opening one closes the one that was open.
 */
export function Accordion({ items }: { items: AccordionItem[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const prefix = useId();
  const triggers = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = rovingTarget(event.key, index, items.length, 'vertical');
    if (target === undefined) return;
    event.preventDefault();
    triggers.current[target]?.focus();
  };

  return (
    <div>
      {items.map((item, index) => {
        const expanded = open === item.id;
        const buttonId = `${prefix}-${item.id}-button`;
        const panelId = `${prefix}-${item.id}-panel`;
        return (
          <Item key={item.id}>
            <h3>
              <Trigger
                ref={(element) => {
                  triggers.current[index] = element;
                }}
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : item.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {item.title}
              </Trigger>
            </h3>
            <Panel id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded}>
              {item.content}
            </Panel>
          </Item>
        );
      })}
    </div>
  );
}
