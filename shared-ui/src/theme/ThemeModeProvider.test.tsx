import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useTheme } from 'styled-components';
import { ThemeModeProvider, useThemeMode } from './ThemeModeProvider';

type Listener = (event: { matches: boolean }) => void;
let systemDark = false;
let listeners: Listener[] = [];

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'theme=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  systemDark = false;
  listeners = [];
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query.includes('dark') ? systemDark : false;
    },
    media: query,
    addEventListener: (_: string, l: Listener) => listeners.push(l),
    removeEventListener: (_: string, l: Listener) => (listeners = listeners.filter((x) => x !== l)),
  })) as unknown as typeof window.matchMedia;
});

function Probe() {
  const { preference, resolved, setPreference } = useThemeMode();
  const theme = useTheme();
  return (
    <div>
      <p>preference:{preference}</p>
      <p>resolved:{resolved}</p>
      <p>styled:{theme.name}</p>
      <button onClick={() => setPreference('light')}>light</button>
      <button onClick={() => setPreference('system')}>system</button>
    </div>
  );
}

it('lets a page prerendered under the default theme hydrate on a light device without drawing it again (React would, at once, in one task)', async () => {
  const commits = jest.fn();
  const page = (
    <Profiler id="theme" onRender={(_id, phase) => commits(phase)}>
      <ThemeModeProvider>
        <Probe />
      </ThemeModeProvider>
    </Profiler>
  );
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(page);
  commits.mockClear();
  systemDark = false;
  const root = await act(async () => hydrateRoot(container, page));
  expect(screen.getByText('resolved:dark')).toBeInTheDocument();
  expect(commits.mock.calls).toEqual([['mount']]);
  act(() => root.unmount());
  container.remove();
});

it('defaults to the dark theme and marks <html> with it', () => {
  render(
    <ThemeModeProvider>
      <Probe />
    </ThemeModeProvider>,
  );
  expect(screen.getByText('preference:dark')).toBeInTheDocument();
  expect(screen.getByText('styled:dark')).toBeInTheDocument();
  expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
});

it('stores a chosen theme under the localStorage key "theme", and in the cookie of that name, and applies it', () => {
  render(
    <ThemeModeProvider>
      <Probe />
    </ThemeModeProvider>,
  );
  act(() => screen.getByText('light').click());
  expect(localStorage.getItem('theme')).toBe('light');
  expect(document.cookie).toContain('theme=light');
  expect(screen.getByText('styled:light')).toBeInTheDocument();
  expect(document.documentElement).toHaveAttribute('data-theme', 'light');
});

it('starts from the stored theme in a browser without the cookie (from before it existed), and gives it the cookie, once: its next pages read no localStorage', () => {
  localStorage.setItem('theme', 'light');
  render(
    <ThemeModeProvider>
      <Probe />
    </ThemeModeProvider>,
  );
  expect(screen.getByText('resolved:light')).toBeInTheDocument();
  expect(document.cookie).toContain('theme=light');
});

it("starts from the theme's cookie, reading no localStorage, where the browser has it", () => {
  document.cookie = 'theme=light; path=/';
  localStorage.setItem('theme', 'system');
  const getItem = jest.spyOn(Storage.prototype, 'getItem');
  try {
    render(
      <ThemeModeProvider>
        <Probe />
      </ThemeModeProvider>,
    );
    expect(screen.getByText('preference:light')).toBeInTheDocument();
    expect(getItem).not.toHaveBeenCalled();
  } finally {
    getItem.mockRestore();
  }
});

it('ignores a stored value that is not a theme', () => {
  localStorage.setItem('theme', 'purple');
  render(
    <ThemeModeProvider>
      <Probe />
    </ThemeModeProvider>,
  );
  expect(screen.getByText('preference:dark')).toBeInTheDocument();
});

it('follows the device preference live when "system" is chosen', () => {
  render(
    <ThemeModeProvider>
      <Probe />
    </ThemeModeProvider>,
  );
  act(() => screen.getByText('system').click());
  expect(screen.getByText('resolved:light')).toBeInTheDocument();
  act(() => {
    systemDark = true;
    listeners.forEach((l) => l({ matches: true }));
  });
  expect(screen.getByText('resolved:dark')).toBeInTheDocument();
  expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
});

it('hydrates the HTML drawn under the default theme as drawn, then draws a theme stored before hydration (chosen on that HTML)', async () => {
  const mismatches = jest.fn();
  const page = (
    <ThemeModeProvider>
      <Probe />
    </ThemeModeProvider>
  );
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(page);
  expect(container.textContent).toContain('resolved:dark');
  // Chosen on the server's HTML (a first visit: the server's cookie said the default): the
  // early-event script stored it, in its cookie and localStorage, before the page's code ran.
  document.cookie = 'theme=dark; path=/';
  document.cookie = 'theme=light; path=/';
  localStorage.setItem('theme', 'light');
  const root = await act(async () => hydrateRoot(container, page, { onRecoverableError: mismatches }));
  expect(mismatches).not.toHaveBeenCalled();
  expect(screen.getByText('resolved:light')).toBeInTheDocument();
  expect(screen.getByText('styled:light')).toBeInTheDocument();
  expect(document.documentElement).toHaveAttribute('data-theme', 'light');
  act(() => root.unmount());
  container.remove();
});

it('follows a theme chosen in another tab', () => {
  render(
    <ThemeModeProvider>
      <Probe />
    </ThemeModeProvider>,
  );
  act(() => {
    // The other tab keeps it as this one would: the cookie (which both tabs share) and localStorage.
    document.cookie = 'theme=light; path=/';
    localStorage.setItem('theme', 'light');
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'light' }));
  });
  expect(screen.getByText('resolved:light')).toBeInTheDocument();
});

// Last: the choice it keeps lives for the page (this file's module) from then on.
it('keeps a choice for the page where storage is refused (a private mode)', () => {
  const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('refused', 'SecurityError');
  });
  try {
    render(
      <ThemeModeProvider>
        <Probe />
      </ThemeModeProvider>,
    );
    act(() => screen.getByText('light').click());
    expect(screen.getByText('resolved:light')).toBeInTheDocument();
    expect(localStorage.getItem('theme')).toBeNull();
  } finally {
    setItem.mockRestore();
  }
});
