// The shell's start, one step per task of the main thread, so that none of them is a long task on
// a slow phone (the page is already drawn by its HTML; what the visitor does meanwhile is held and
// replayed by the early-event script). Each step's modules are in this chunk already (eager: no
// request of their own, all fetched at once): importing one evaluates it and what it needs that is
// not evaluated yet. The largest first, each alone: React's DOM renderer, styled-components, the
// server's styles adopted, TanStack Query, i18next, the page's i18next set-up, the router, the page's
// entry of the session's history marked as the router marks it, the site's shared components, the
// rest of shared-ui, the shell's remotes' loading, its route table, its session's follower, its
// footer, its header, its app, then what mounts it, which hydrates or draws the page
// (./bootstrap.test.ts names each task's modules). Lighthouse counts no blocking for a task under
// 10 ms of real work, and each longer one at its duration times the CPU slowdown: a step that
// crosses 10 ms on a slow host is split (docs/benchmark.md).
import { holdCookies } from '@site/shared-ui/cookies';
import { nextTask } from '@site/shared-ui/next-task';

const sharedModules = [
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  // styled-components, then, in the next task, the server's style element adopted as the page's style
  // sheet before any styled component is made (@site/rendering's serverStyles: its rules are not
  // inserted again).
  () => import(/* webpackMode: "eager" */ 'styled-components'),
  () => import(/* webpackMode: "eager" */ '@site/rendering/server-styles').then(({ adoptServerStyles }) => adoptServerStyles()),
  () => import(/* webpackMode: "eager" */ '@tanstack/react-query'),
  () => import(/* webpackMode: "eager" */ 'i18next'),
  // The page's i18next instance set up (react-i18next's binding, the common strings, the language),
  // before the rest of shared-ui: the same module, which shared-ui's index then finds evaluated
  // (this build's own copy of shared-ui is the one every app of the page uses: the shell's start
  // negotiates it before any remote has registered).
  () => import(/* webpackMode: "eager" */ '@site/shared-ui/i18n'),
  // Then the router (react-router, re-exported by shared-ui), shared-ui's styled components (its
  // primitives, widgets and forms' parts), then the rest of it (the session, the service's client,
  // the hydration's parts).
  () => import(/* webpackMode: "eager" */ '@site/shared-ui/router'),
  // The page's entry of the session's history marked as the router marks it, so that React's
  // drawing of the router writes nothing there (a synchronous call to the browser: markHistoryEntry).
  () => import(/* webpackMode: "eager" */ '@site/shared-ui/router').then(({ markHistoryEntry }) => markHistoryEntry()),
  () => import(/* webpackMode: "eager" */ '@site/shared-ui/components'),
  () => import(/* webpackMode: "eager" */ '@site/shared-ui'),
];

// Then the shell's own code, before what mounts it (@site/rendering's start, which asks for the
// page's remote). styled-components names each component by the order components are made in, and
// the server's HTML names them as the app's imports make them (./app/App.tsx): a step may take ahead
// only what makes none (the remotes' loading: the federation runtime's API and the shell's plugins
// for it; the route table with the links' prefetching), then the app's own imports in their order
// (the session's follower, the footer, the header), then the app with the rest of them. Evaluated
// with the header (its links prefetch), the first two made that step long.
const appModules = [
  () => import(/* webpackMode: "eager" */ './remotes/federation'),
  () => import(/* webpackMode: "eager" */ './navigation/prefetch'),
  () => import(/* webpackMode: "eager" */ './session/SessionFollower'),
  () => import(/* webpackMode: "eager" */ './footer/Footer'),
  () => import(/* webpackMode: "eager" */ './header/Header'),
  () => import(/* webpackMode: "eager" */ './app/App'),
];

async function start() {
  // The cookies as the start first reads them answer every read of its steps (the page's language,
  // its view token: what the page started with), each otherwise a call to the browser in a task of
  // its own; once the shell mounts (the session, the remotes' cohort), every read is afresh again,
  // and at once if a step fails.
  const releaseCookies = holdCookies();
  let mountShell: () => Promise<void>;
  try {
    // The first step too waits for a task of its own: this chunk's arrival was one already.
    for (const evaluate of [...sharedModules, ...appModules]) {
      await nextTask();
      await evaluate();
    }
    await nextTask();
    ({ mountShell } = await import(/* webpackMode: "eager" */ './app/mountShell'));
    await nextTask();
  } finally {
    releaseCookies();
  }
  await mountShell();
}

void start();
