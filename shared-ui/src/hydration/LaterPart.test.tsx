import { act, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { setLocale } from '../i18n/i18n';
import { useTranslation } from '../router';
import { SiteProviders } from '../SiteProviders';
import { LaterPart } from './LaterPart';
import { LATER_PART } from './laterPartMarkers';
import { forgetLaterParts, holdLaterParts, laterPartWait } from './laterParts';

/** The part's content: counts its renders, says a word in the page's language, and counts presses. */
const drawn = jest.fn();
function Counter() {
  drawn();
  const { t } = useTranslation('common');
  const [presses, setPresses] = useState(0);
  return (
    <section aria-label="parte">
      <h2>{t('plans.title')}</h2>
      <button type="button" onClick={() => setPresses((n) => n + 1)}>
        {`apăsat ${presses}`}
      </button>
    </section>
  );
}

const page = () => (
  <SiteProviders>
    <MemoryRouter initialEntries={['/']}>
      <p>deasupra</p>
      <LaterPart name="counter">
        <Counter />
      </LaterPart>
    </MemoryRouter>
  </SiteProviders>
);

/** A page whose part stays when the visitor moves on (as the header's do), and says where it is. */
function Where() {
  const { pathname } = useLocation();
  return <p data-where="">{`la ${pathname}`}</p>;
}
function MoveOn() {
  const navigate = useNavigate();
  return (
    <button type="button" data-move-on="" onClick={() => navigate('/alta')}>
      mergi
    </button>
  );
}
const stayingPage = () => (
  <SiteProviders>
    <MemoryRouter initialEntries={['/']}>
      <MoveOn />
      <LaterPart name="counter">
        <Where />
        <Counter />
      </LaterPart>
    </MemoryRouter>
  </SiteProviders>
);

/** The browser's idle callbacks and intersection observers, called by the test when it says so. */
let idle: Array<() => void> = [];
let intersecting: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];

let container: HTMLElement;
let root: Root | null = null;
/** Hydration errors React recovered from (a mismatch, a part drawn afresh): none, in every test. */
const recoverable = jest.fn();
const part = () => container.querySelector(`[${LATER_PART.attribute}="counter"]`) as HTMLElement;
const button = () => container.querySelector('button') as HTMLButtonElement;
const ownedByReact = (element: Element) => Object.keys(element).some((key) => key.startsWith('__react'));

/** The page as the server draws it, then hydrated as the shell's start does (its later parts held first). */
async function hydrateServerPage(drawPage = page): Promise<string> {
  container = document.createElement('div');
  document.body.append(container);
  const html = renderToString(drawPage());
  container.innerHTML = html;
  holdLaterParts(container, '/');
  drawn.mockClear();
  root = await act(async () => hydrateRoot(container, drawPage(), { onRecoverableError: recoverable }));
  return html;
}

beforeEach(() => {
  recoverable.mockClear();
  idle = [];
  intersecting = [];
  window.requestIdleCallback = ((callback: () => void) => idle.push(callback)) as unknown as typeof window.requestIdleCallback;
  window.cancelIdleCallback = () => {};
  window.IntersectionObserver = class {
    constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
      intersecting.push(callback);
    }
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
  window.matchMedia = ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
  act(() => setLocale('ro'));
});

afterEach(async () => {
  expect(recoverable).not.toHaveBeenCalled();
  if (root) act(() => root?.unmount());
  root = null;
  container?.remove();
  await act(async () => forgetLaterParts());
});

describe('a part of a page that hydrates later', () => {
  it('is drawn by the server inside its named part, in a boundary of its own', () => {
    const html = renderToString(page());
    expect(html).toMatch(
      /<!--\$--><div data-later-part="counter"><section aria-label="parte"><h2>[^<]+<\/h2><button type="button">apăsat 0<\/button><\/section><\/div><!--\/\$-->/,
    );
  });

  it('stays the server’s HTML while the page hydrates: its components do not run, a press on it is not the page’s yet', async () => {
    const before = await hydrateServerPage();
    expect(container.innerHTML).toBe(before);
    expect(drawn).not.toHaveBeenCalled();
    expect(ownedByReact(button())).toBe(false);
    expect(part().hasAttribute(LATER_PART.hydratedAttribute)).toBe(false);
  });

  it.each([
    ['the browser is idle', () => idle.forEach((callback) => callback())],
    ['it nears the viewport', () => intersecting.forEach((callback) => callback([{ isIntersecting: true }]))],
    ['it takes the focus', () => fireEvent.focusIn(button())],
    ['a pointer presses on it', () => fireEvent.pointerDown(button())],
    ['the early-event script wants it', () => part().dispatchEvent(new Event(LATER_PART.wantedEvent))],
  ])('hydrates once %s: the same elements, now React’s, said by its attribute and event', async (_, release) => {
    await hydrateServerPage();
    const element = button();
    const hydrated = jest.fn();
    container.addEventListener(LATER_PART.hydratedEvent, hydrated);
    await act(async () => release());
    expect(part().hasAttribute(LATER_PART.hydratedAttribute)).toBe(true);
    expect(hydrated).toHaveBeenCalledTimes(1);
    expect(button()).toBe(element);
    expect(ownedByReact(element)).toBe(true);
    act(() => fireEvent.click(element));
    expect(element).toHaveTextContent('apăsat 1');
  });

  it('released while React is still hydrating the page, after the part has suspended and before React comes back to it, hydrates with nothing to recover from', async () => {
    // As in the browser: hydration runs in the scheduler's tasks, and the part is released (its
    // observer sees it near, the browser is idle) in a task between two of them. React then replays
    // the part where it had suspended, and the part must run the same hooks as it did then.
    const acting = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      container = document.createElement('div');
      document.body.append(container);
      container.innerHTML = renderToString(page());
      holdLaterParts(container, '/');
      const element = button();
      // React asks the part's wait to call it back as the part suspends on it: the release is then
      // queued in that task, before the one React queues to go on hydrating.
      const wait = laterPartWait('counter', '/') as Promise<void>;
      const then = wait.then.bind(wait);
      let suspended = 0;
      wait.then = ((...args: Parameters<typeof then>) => {
        suspended += 1;
        if (suspended === 1) setTimeout(() => intersecting.forEach((callback) => callback([{ isIntersecting: true }])), 0);
        return then(...args);
      }) as typeof wait.then;
      root = hydrateRoot(container, page(), { onRecoverableError: recoverable });
      for (let turn = 0; turn < 100 && !part().hasAttribute(LATER_PART.hydratedAttribute); turn += 1) await new Promise((done) => setTimeout(done, 10));
      expect(suspended).toBeGreaterThan(0);
      expect(recoverable).not.toHaveBeenCalled();
      expect(part().hasAttribute(LATER_PART.hydratedAttribute)).toBe(true);
      expect(button()).toBe(element);
      expect(ownedByReact(element)).toBe(true);
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = acting;
    }
  });

  it('does not hydrate on what is not near: an observer that sees it off screen leaves it held', async () => {
    await hydrateServerPage();
    await act(async () => intersecting.forEach((callback) => callback([{ isIntersecting: false }])));
    expect(part().hasAttribute(LATER_PART.hydratedAttribute)).toBe(false);
    expect(drawn).not.toHaveBeenCalled();
  });

  it('held when the language changes, is drawn afresh in the new language, with no mismatch to recover from', async () => {
    await hydrateServerPage();
    const heading = container.querySelector('h2')?.textContent;
    await act(async () => setLocale('en'));
    expect(container.querySelector('h2')?.textContent).not.toBe(heading);
    expect(container.querySelector('h2')?.textContent).toBeTruthy();
    expect(part().hasAttribute(LATER_PART.hydratedAttribute)).toBe(true);
    act(() => fireEvent.click(button()));
    expect(button()).toHaveTextContent('apăsat 1');
  });

  it('hydrated before the language changes, keeps its state: drawn again, not afresh', async () => {
    await hydrateServerPage();
    await act(async () => idle.forEach((callback) => callback()));
    const element = button();
    act(() => fireEvent.click(element));
    await act(async () => setLocale('en'));
    expect(button()).toBe(element);
    expect(element).toHaveTextContent('apăsat 1');
  });

  it('staying from page to page (as the header’s do), still held when the visitor moves on, is drawn afresh for the next page: the move is not held up, nothing to recover from', async () => {
    await hydrateServerPage(stayingPage);
    expect(container.querySelector('[data-where]')).toHaveTextContent('la /');
    await act(async () => fireEvent.click(container.querySelector('[data-move-on]') as HTMLButtonElement));
    expect(container.querySelector('[data-where]')).toHaveTextContent('la /alta');
    expect(part().hasAttribute(LATER_PART.hydratedAttribute)).toBe(true);
    const press = part().querySelector('button') as HTMLButtonElement;
    act(() => fireEvent.click(press));
    expect(press).toHaveTextContent('apăsat 1');
  });

  it('is released when the page forgets what the server drew (the first navigation)', async () => {
    await hydrateServerPage();
    await act(async () => forgetLaterParts());
    expect(part().hasAttribute(LATER_PART.hydratedAttribute)).toBe(true);
    expect(ownedByReact(button())).toBe(true);
  });

  it('on a page rendered in the browser, is drawn at once, React’s from the start', () => {
    ({ container } = render(page()));
    expect(drawn).toHaveBeenCalled();
    expect(part().hasAttribute(LATER_PART.hydratedAttribute)).toBe(true);
    fireEvent.click(button());
    expect(button()).toHaveTextContent('apăsat 1');
  });
});
