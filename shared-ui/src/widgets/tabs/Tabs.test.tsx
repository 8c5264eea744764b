import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expectNoAxeViolations } from '../../testing/axe';
import { renderWithSite } from '../../testing/renderWithSite';
import { Tabs } from './Tabs';

type Id = 'account' | 'subscription' | 'device';

/** Tabs as a page holds them: the page keeps which one is selected. */
function Harness({ initial = 'account', built }: { initial?: Id; built?: (id: Id) => void }) {
  const [selected, setSelected] = useState<Id>(initial);
  return (
    <Tabs
      label="Account sections"
      selected={selected}
      onSelect={setSelected}
      tabs={[
        { id: 'account', label: 'Account', panel: <Built id="account" text="Email and logout" onBuild={built} /> },
        { id: 'subscription', label: 'Subscription', panel: <Built id="subscription" text="Your plan" onBuild={built} /> },
        { id: 'device', label: 'Device', panel: <Built id="device" text="Your phone" onBuild={built} /> },
      ]}
    />
  );
}

/** A panel that says when it is built (mounted), as a panel that loads its data does. */
function Built({ id, text, onBuild }: { id: Id; text: string; onBuild?: (id: Id) => void }) {
  useState(() => onBuild?.(id));
  return <p>{text}</p>;
}

const tab = (name: string) => screen.getByRole('tab', { name });
const tabs = () => screen.getAllByRole('tab');

describe('tabs (WAI-ARIA APG, automatic activation)', () => {
  it('is a named tablist of tabs, each tied to the panel it controls, the panel named by its tab', () => {
    renderWithSite(<Harness />);
    const list = screen.getByRole('tablist', { name: 'Account sections' });
    expect(tabs().map((t) => t.textContent)).toEqual(['Account', 'Subscription', 'Device']);
    for (const t of tabs()) {
      expect(list).toContainElement(t);
      expect(t.tagName).toBe('BUTTON');
      expect(t).toHaveAttribute('type', 'button');
      const panel = document.getElementById(t.getAttribute('aria-controls')!);
      expect(panel).toHaveAttribute('role', 'tabpanel');
      expect(panel).toHaveAttribute('aria-labelledby', t.id);
    }
    expect(screen.getByRole('tabpanel', { name: 'Account' })).toHaveTextContent('Email and logout');
  });

  it('selects the tab the page names, shows its panel alone, and puts only that tab in the tab order', () => {
    renderWithSite(<Harness initial="subscription" />);
    expect(tabs().map((t) => t.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false']);
    expect(tabs().map((t) => t.getAttribute('tabindex'))).toEqual(['-1', '0', '-1']);
    expect(screen.getByRole('tabpanel', { name: 'Subscription' })).toBeVisible();
    // The other panels are hidden from everyone, screen readers included.
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(screen.queryByText('Email and logout')).not.toBeInTheDocument();
  });

  it('moves to and selects the next tab with ArrowRight, the previous with ArrowLeft, wrapping at both ends', async () => {
    const user = userEvent.setup();
    renderWithSite(<Harness />);
    tab('Account').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Subscription')).toHaveFocus();
    expect(tab('Subscription')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Account')).toHaveAttribute('aria-selected', 'false');
    expect(tabs().map((t) => t.getAttribute('tabindex'))).toEqual(['-1', '0', '-1']);
    expect(screen.getByRole('tabpanel', { name: 'Subscription' })).toBeVisible();

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab('Account')).toHaveFocus();
    expect(tab('Account')).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowLeft}');
    expect(tab('Device')).toHaveFocus();
    expect(tab('Device')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Device' })).toBeVisible();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Subscription')).toHaveFocus();
  });

  it('goes to the first tab with Home and the last with End, selecting it', async () => {
    const user = userEvent.setup();
    renderWithSite(<Harness initial="subscription" />);
    tab('Subscription').focus();
    await user.keyboard('{End}');
    expect(tab('Device')).toHaveFocus();
    expect(tab('Device')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab('Account')).toHaveFocus();
    expect(tab('Account')).toHaveAttribute('aria-selected', 'true');
    expect(tabs().map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
  });

  it('leaves the up and down arrows and other keys to the page (a vertical reading, scrolling)', async () => {
    const user = userEvent.setup();
    renderWithSite(<Harness />);
    tab('Account').focus();
    for (const key of ['{ArrowDown}', '{ArrowUp}', 'a']) {
      await user.keyboard(key);
      expect(tab('Account')).toHaveFocus();
      expect(tab('Account')).toHaveAttribute('aria-selected', 'true');
    }
  });

  it('selects a tab that is clicked, or pressed with Enter or Space', async () => {
    const user = userEvent.setup();
    renderWithSite(<Harness />);
    await user.click(tab('Device'));
    expect(tab('Device')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Device')).toHaveFocus();
    tab('Account').focus();
    await user.keyboard('{Enter}');
    expect(tab('Account')).toHaveAttribute('aria-selected', 'true');
    tab('Subscription').focus();
    await user.keyboard(' ');
    expect(tab('Subscription')).toHaveAttribute('aria-selected', 'true');
  });

  it('goes from the selected tab into its panel with Tab, and back with Shift+Tab', async () => {
    const user = userEvent.setup();
    renderWithSite(<Harness initial="device" />);
    tab('Device').focus();
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Device' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(tab('Device')).toHaveFocus();
  });

  it("shows the chosen tab's panel at once, before the page records the choice (a URL updated by a later navigation), and follows the page after", async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    const panels = (selected: Id) => (
      <Tabs
        label="Account sections"
        selected={selected}
        onSelect={onSelect}
        tabs={[
          { id: 'account', label: 'Account', panel: <p>Email and logout</p> },
          { id: 'subscription', label: 'Subscription', panel: <p>Your plan</p> },
          { id: 'device', label: 'Device', panel: <p>Your phone</p> },
        ]}
      />
    );
    let setPageSelection!: (id: Id) => void;
    function Page() {
      const [selected, setSelected] = useState<Id>('account');
      setPageSelection = setSelected;
      return panels(selected);
    }
    renderWithSite(<Page />);
    tab('Account').focus();
    await user.keyboard('{End}');
    expect(onSelect).toHaveBeenLastCalledWith('device');
    // The page has not applied it yet: the widget shows the choice all the same, and Tab reaches its panel.
    expect(tab('Device')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Device' })).toBeVisible();
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Device' })).toHaveFocus();
    // The page selects another tab itself (the browser's back button): the widget follows.
    act(() => setPageSelection('subscription'));
    expect(tab('Subscription')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Subscription' })).toBeVisible();
  });

  it('builds a panel the first time its tab is selected and keeps it after, so its data stays loaded', async () => {
    const user = userEvent.setup();
    const built = jest.fn();
    renderWithSite(<Harness built={built} />);
    expect(built.mock.calls.map(([id]) => id)).toEqual(['account']);
    await user.click(tab('Device'));
    await user.click(tab('Account'));
    await user.click(tab('Device'));
    expect(built.mock.calls.map(([id]) => id).filter((id) => id === 'device')).toHaveLength(1);
    expect(built.mock.calls.map(([id]) => id).filter((id) => id === 'account')).toHaveLength(1);
  });

  it.each<Id>(['account', 'subscription', 'device'])('passes axe with %s selected', async (initial) => {
    const { container } = renderWithSite(<Harness initial={initial} />);
    await expectNoAxeViolations(container);
  });
});
