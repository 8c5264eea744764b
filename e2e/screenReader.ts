// What a screen reader says, as a transcript a test can compare with a reviewed file
// (e2e/transcripts/). The recorder runs in the page from its first script on and notes, in order:
// each arrival (a document loaded, with the title a screen reader reads first; or a route the
// site's router moved to), each move of the focus (what a screen reader says of the element it
// lands on), and each change of a live region's text (status, alert, aria-live). The names and
// roles are Chromium's own (its accessibility tree, read through computedName and computedRole,
// which SCREEN_READER_BROWSER_ARGS turns on): the recorder computes none of them itself.
import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '@site/tools/chromium';

/** Chromium with its accessibility tree readable from the page (element.computedName, element.computedRole). */
export const SCREEN_READER_BROWSER_ARGS = [...CHROMIUM_ARGS, '--enable-blink-features=ComputedAccessibilityInfo'];

/** Roles a visitor operates: each needs a name, or a screen reader says only what it is. */
const CONTROL_ROLES = ['button', 'link', 'textbox', 'searchbox', 'combobox', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'option', 'slider', 'spinbutton'];

type Said = (line: string | null) => Promise<void>;

function inPage(controlRoles: string[]) {
  const say = (window as unknown as { __screenReaderSays: Said }).__screenReaderSays;
  const norm = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  type Accessible = Element & { computedName?: string; computedRole?: string | null };
  const roleOf = (el: Element) => (el as Accessible).computedRole ?? '';
  const nameOf = (el: Element) => norm((el as Accessible).computedName);
  if (!('computedName' in Element.prototype)) {
    void say('!! the browser does not expose its accessibility tree: start it with SCREEN_READER_BROWSER_ARGS');
    return;
  }
  const hidden = (el: Element) => !el.checkVisibility() || Boolean(el.closest('[aria-hidden="true"], [inert]'));
  // A description is the text of the elements aria-describedby names (Chromium keeps no computed description for the page).
  const descriptionOf = (el: Element) =>
    norm(
      (el.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => (id ? document.getElementById(id)?.textContent : ''))
        .join(' '),
    );

  /** What a screen reader says of an element the focus lands on: its role, its name (or its text, for a role named by its author alone), its states. */
  const describe = (el: Element) => {
    const role = roleOf(el) || el.tagName.toLowerCase();
    const parts = [role];
    const level = /^h([1-6])$/i.exec(el.tagName)?.[1] ?? el.getAttribute('aria-level');
    if (role === 'heading' && level) parts.push(`level ${level}`);
    const name = nameOf(el);
    if (name) parts.push(`“${name}”`);
    else if (controlRoles.includes(role)) parts.push('(NO NAME)');
    else if (norm(el.textContent)) parts.push(`text “${norm(el.textContent)}”`);
    const states: string[] = [];
    const aria = (attribute: string) => el.getAttribute(attribute);
    if (aria('aria-selected') === 'true') states.push('selected');
    if (aria('aria-expanded')) states.push(aria('aria-expanded') === 'true' ? 'expanded' : 'collapsed');
    if (aria('aria-pressed')) states.push(aria('aria-pressed') === 'true' ? 'pressed' : 'not pressed');
    if (aria('aria-checked') || (el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type))) {
      states.push(aria('aria-checked') === 'true' || (el as HTMLInputElement).checked ? 'checked' : 'not checked');
    }
    if (aria('aria-disabled') === 'true' || (el as HTMLButtonElement).disabled) states.push('unavailable');
    if (aria('aria-required') === 'true' || (el as HTMLInputElement).required) states.push('required');
    if (aria('aria-invalid') && aria('aria-invalid') !== 'false') states.push('invalid');
    if (states.length) parts.push(`(${states.join(', ')})`);
    const description = descriptionOf(el);
    if (description) parts.push(`— ${description}`);
    return parts.join(' ');
  };

  document.addEventListener('focusin', (event) => void say(`focus: ${describe(event.target as Element)}`), true);

  // Arrivals: the document (its title is what a screen reader reads first), then each route the router
  // moves to (a new path; a change of the query alone, such as a tab's, is not a new page).
  let path = location.pathname;
  void say(`load ${path}`);
  document.addEventListener('DOMContentLoaded', () => void say(`  title “${norm(document.title)}”`));
  const arrived = () => {
    if (location.pathname === path) return;
    path = location.pathname;
    void say(`arrive ${path}`);
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      arrived();
    };
  }
  window.addEventListener('popstate', arrived);

  // Live regions: the outermost region's text, each time it changes to something (an emptied region says nothing).
  const heard = new WeakMap<Element, string>();
  const regions = '[role="status"], [role="alert"], [aria-live]:not([aria-live="off"])';
  const listen = () => {
    for (const region of document.querySelectorAll(regions)) {
      if (region.parentElement?.closest(regions)) continue;
      const text = hidden(region) ? '' : norm(region.textContent);
      if (heard.get(region) === text) continue;
      heard.set(region, text);
      if (!text) continue;
      const assertive = region.getAttribute('role') === 'alert' || region.getAttribute('aria-live') === 'assertive';
      void say(`${assertive ? 'alert' : 'status'}: ${text}`);
    }
  };
  new MutationObserver(listen).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['hidden', 'aria-hidden', 'class', 'style'],
  });
}

/** The main part's parts in reading order (landmarks, headings, tab lists) and each control drawn without a name. */
function outlineInPage(controlRoles: string[]) {
  type Accessible = Element & { computedName?: string; computedRole?: string | null };
  const norm = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const hidden = (el: Element) => !el.checkVisibility() || Boolean(el.closest('[aria-hidden="true"], [inert]'));
  const parts = ['banner', 'navigation', 'main', 'contentinfo', 'region', 'form', 'complementary', 'search', 'heading', 'tablist', 'tabpanel', 'group', 'dialog'];
  const lines: string[] = [];
  let before: DOMRect | null = null;
  for (const el of document.querySelectorAll('main *')) {
    if (hidden(el)) continue;
    const role = (el as Accessible).computedRole ?? '';
    const name = norm((el as Accessible).computedName);
    if (controlRoles.includes(role) && !name) lines.push(`  !! ${role} without a name: ${el.outerHTML.slice(0, 120)}`);
    if (!parts.includes(role) || (['region', 'form', 'group'].includes(role) && !name)) continue;
    // Reading order is the document's; a part drawn above the one read before it, in the same column, is out of order.
    const box = el.getBoundingClientRect();
    const above = before && box.bottom <= before.top && box.left < before.right && box.right > before.left;
    const level = /^h([1-6])$/i.exec(el.tagName)?.[1] ?? el.getAttribute('aria-level');
    const depth = '  '.repeat(Math.min(el.parentElement ? [...ancestors(el)].filter((a) => parts.includes((a as Accessible).computedRole ?? '') && !hidden(a)).length : 0, 6));
    lines.push(`  ${depth}${role}${role === 'heading' && level ? ` ${level}` : ''}${name ? ` “${name}”` : ''}${above ? '  !! drawn above what is read before it' : ''}`);
    if (role === 'heading') before = box;
  }
  return lines;
  function* ancestors(el: Element) {
    for (let a = el.parentElement; a && a.tagName !== 'MAIN'; a = a.parentElement) yield a;
  }
}

export type Transcript = {
  /** Adds a line of the test's own (what the visitor does), so that the transcript reads as a journey. */
  note: (line: string) => void;
  /** Adds the page's outline (its parts in reading order) as the page is now. */
  outline: () => Promise<void>;
  /** The transcript so far, once every line the page has sent is in, with `masks` replaced; then starts a new one. */
  take: () => Promise<string>;
};

/**
 * Starts recording what a screen reader says on the page, from its next document on (each
 * document's own recorder). `masks` replaces what changes from run to run (a generated address).
 */
export async function recordScreenReader(page: Page, masks: () => [string, string][] = () => []): Promise<Transcript> {
  let lines: string[] = [];
  await page.exposeFunction('__screenReaderSays', (line: string | null) => {
    if (line !== null) lines.push(line);
  });
  await page.addInitScript(inPage, CONTROL_ROLES);
  const mask = (text: string) => masks().reduce((masked, [value, replacement]) => masked.split(value).join(replacement), text);
  return {
    note: (line) => lines.push(`> ${line}`),
    outline: async () => {
      lines.push('  outline of main:', ...(await page.evaluate(outlineInPage, CONTROL_ROLES)));
    },
    take: async () => {
      // Each line the page sent before this call has been delivered once this call's own is answered (they come in order).
      await page.evaluate(() => (window as unknown as { __screenReaderSays: Said }).__screenReaderSays(null));
      const text = mask(lines.join('\n')) + '\n';
      lines = [];
      return text;
    },
  };
}

/**
 * The rules every transcript keeps, checked beside the reviewed file (a new transcript is read
 * against them before it is committed, and these catch the plainest breaks of them): after each
 * route the router moves to, the first thing said is the page's h1; no control is without a name.
 */
export function brokenRules(transcript: string): string[] {
  const broken: string[] = [];
  const lines = transcript.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.includes('(NO NAME)') || line.includes('!!')) broken.push(line.trim());
    if (!line.startsWith('arrive ')) continue;
    const first = lines.slice(index + 1).find((next) => /^(focus|status|alert):/.test(next));
    if (!first?.startsWith('focus: heading level 1 ')) broken.push(`${line}: first said is ${first ?? 'nothing'}`);
  }
  return broken;
}
