/**
 * The router and the translation hooks every app uses, re-exported from the one shared-ui
 * singleton: one react-router and one react-i18next instance at run time (one router context,
 * one i18n binding), and only the parts the site uses are shipped, not the whole packages.
 * No app imports react-router-dom or react-i18next directly (src/router.test.ts checks it).
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
