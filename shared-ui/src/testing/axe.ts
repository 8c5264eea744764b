import axe from 'axe-core';

/**
 * Rules left to the browser (e2e runs them with everything else in real Chromium): jsdom lays
 * nothing out, so sizes, positions and painted colours are unknown to it, and a widget rendered
 * alone is not inside the page's landmarks.
 */
const NEEDS_A_BROWSER = ['color-contrast', 'color-contrast-enhanced', 'target-size', 'scrollable-region-focusable', 'region'];

/** A violation in words a failing test can print: the rule, what it says, and where. */
const describe = ({ id, help, nodes }: axe.Result) => `${id}: ${help} (${nodes.map((node) => node.target.join(' ')).join(', ')})`;

/**
 * Runs axe-core over what is rendered in `container` (WCAG 2.2 A and AA, and axe's best
 * practices), as the component is in this state, and fails with each violation named.
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    rules: Object.fromEntries(NEEDS_A_BROWSER.map((rule) => [rule, { enabled: false }])),
  });
  expect(results.violations.map(describe)).toEqual([]);
}
