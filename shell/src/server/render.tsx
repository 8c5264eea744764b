// The shell's server build (@site/rendering/build's server build, entry of the shell's webpack
// config): the shell's layout given to the site's page renderer (@site/rendering/shell-server), the
// guards' decision for a signed-in page drawn by the server, and the shared singletons it provides
// to the remotes' render entries, as the shell provides them to remotes in the browser: one React,
// one styled-components, one shared-ui for the whole render. The site's server runs a fresh copy of
// this build for each render, created in the browser's order (shared-ui, the shell's layout, then
// the page).
import type { ShellRenderer } from '@site/rendering/contract';
import { shellPageRenderer } from '@site/rendering/shell-server';
import type { UserInfo } from '@site/shared-ui';
import { Layout } from '../app/App';
import { routeForPath } from '../app/routes';
import { trialRedirect } from '../guards/trialRule';
import { USER_INFO } from '../signedIn/userInfoAhead';
import { providePage } from './serverPages';

/* eslint-disable @typescript-eslint/no-require-imports -- each loaded when asked for, in the render entry's order (an import would load them all first) */
export const shared: ShellRenderer['shared'] = {
  react: () => require('react'),
  'react/jsx-runtime': () => require('react/jsx-runtime'),
  'react-dom': () => require('react-dom'),
  'react-dom/client': () => require('react-dom/client'),
  'styled-components': () => require('styled-components'),
  i18next: () => require('i18next'),
  'firebase/compat/app': () => require('firebase/compat/app'),
  'firebase/compat/auth': () => require('firebase/compat/auth'),
  '@site/shared-ui': () => require('@site/shared-ui'),
  '@tanstack/react-query': () => require('@tanstack/react-query'),
};
/* eslint-enable @typescript-eslint/no-require-imports */

export const renderPage: ShellRenderer['renderPage'] = shellPageRenderer({ Layout, providePage });

/** The access guard's check of the token and the trial guard's answer: get-user-info, on every guarded route. */
export const guardReads: ShellRenderer['guardReads'] = (pathname) => (routeForPath(pathname)?.access ? [USER_INFO] : []);

/** Where the route's trial guard sends a user the service answered for (the access guard let them through: they are signed in). */
export const guardRedirect: ShellRenderer['guardRedirect'] = (pathname, answers) => {
  const mode = routeForPath(pathname)?.trial;
  if (!mode) return null;
  const info = answers[USER_INFO] as UserInfo | undefined;
  if (!info) throw new Error(`the trial guard of ${pathname} has no answer of ${USER_INFO} to decide on`);
  return trialRedirect(mode, info);
};
