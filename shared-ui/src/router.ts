/**
 * The router and the translation hooks every app uses, re-exported from the one shared-ui
 * singleton: one react-router and one react-i18next instance at run time (one router context,
 * one i18n binding), and only the parts the site uses are shipped, not the whole packages.
 * No app imports react-router-dom or react-i18next directly (src/router.test.ts checks it).
 * Beside them, the mark of the page's history entry that the shell's start makes before React.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Route,
  Routes,
  // The site's server renders the public pages with it (shell/src/server/render.tsx).
  StaticRouter,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router-dom';
export { Trans, useTranslation } from 'react-i18next';

/**
 * Marks the page's entry of the session's history as react-router's BrowserRouter marks it when it
 * is first drawn (`idx`, the entry's place, from which it tells a back from a forward), so that the
 * BrowserRouter then finds it marked and writes nothing. Writing an entry's state is a synchronous
 * call the main thread waits on for the browser's answer (0.3–7.5 ms in loads of `/` and `/login`
 * here, `SHIFT_SYNC=1`): made by BrowserRouter, it fell inside one of React's slices of hydration,
 * which it could make a long task; the shell's start makes it in a task of its own, before React.
 * An entry already marked (a reload, a return to the page) is left as it is.
 */
export function markHistoryEntry(): void {
  const { state } = window.history;
  if ((state ?? { idx: null }).idx == null) window.history.replaceState({ ...state, idx: 0 }, '');
}
