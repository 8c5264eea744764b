import { rovingTarget } from '../../primitives/rovingFocus';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import styled from 'styled-components';

/** One row: the tabs fit, or the row scrolls sideways on its own (never a tab alone on a second row). */
const List = styled.div`
  display: flex;
  flex-wrap: nowrap;
  overflow-x: auto;
  gap: 0.25rem;
  border-bottom: 2px solid ${({ theme }) => theme.color.border};
`;

const Tab = styled.button`
  flex: none;
  white-space: nowrap;
  min-height: ${({ theme }) => theme.layout.minTarget};
  padding: 0.5rem clamp(0.625rem, 3vw, 1.25rem);
  font: inherit;
  font-weight: 600;
  color: ${({ theme }) => theme.color.text};
  background: none;
  border: 0;
  border-bottom: 4px solid transparent;
  margin-bottom: -2px;
  cursor: pointer;
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.color.link};
    border-bottom-color: currentColor;
  }
  &:hover {
    text-decoration: underline;
  }
`;

const Panel = styled.div`
  padding-block: 1.5rem;
`;

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  panel: ReactNode;
}

/**
 * Tabs (WAI-ARIA APG, automatic activation): a tablist of buttons; ArrowRight/ArrowLeft move to
 * the next/previous tab, wrapping, Home/End to the first/last, and the tab that takes focus is
 * selected. Only the selected tab is in the tab order; Tab from it goes into its panel. A panel
 * is built the first time its tab is selected and kept (hidden) after, so its data stays loaded.
 */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect }: { label: string; tabs: TabItem<Id>[]; selected: Id; onSelect: (id: Id) => void }) {
  const prefix = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // The tab shown: the user's choice at once, in the event that made it (the page may record it
  // later, e.g. in the URL through a navigation, which React may render in a later task: a Tab
  // pressed meanwhile must reach the chosen panel); then whatever `selected` says when it changes.
  const [shown, setShown] = useState(selected);
  const [lastSelected, setLastSelected] = useState(selected);
  if (selected !== lastSelected) {
    setLastSelected(selected);
    setShown(selected);
  }
  const [visited, setVisited] = useState<Set<Id>>(() => new Set([selected]));
  if (!visited.has(shown)) setVisited(new Set(visited).add(shown));

  const choose = (id: Id) => {
    setShown(id);
    onSelect(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = rovingTarget(event.key, index, tabs.length, 'horizontal');
    if (target === undefined) return;
    event.preventDefault();
    // Selected first, then focused: a screen reader says the tab it lands on as the selected one
    // (focused first, it said the tab unselected, its selection only after).
    flushSync(() => choose(tabs[target]!.id));
    buttons.current[target]?.focus();
  };

  return (
    <div>
      <List role="tablist" aria-label={label}>
        {tabs.map((tab, index) => (
          <Tab
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${prefix}-${tab.id}-tab`}
            aria-selected={tab.id === shown}
            aria-controls={`${prefix}-${tab.id}-panel`}
            tabIndex={tab.id === shown ? 0 : -1}
            onClick={() => choose(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </Tab>
        ))}
      </List>
      {tabs.map((tab) => (
        <Panel key={tab.id} role="tabpanel" id={`${prefix}-${tab.id}-panel`} aria-labelledby={`${prefix}-${tab.id}-tab`} tabIndex={0} hidden={tab.id !== shown}>
          {visited.has(tab.id) && tab.panel}
        </Panel>
      ))}
    </div>
  );
}
