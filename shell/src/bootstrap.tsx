// The shell's start, one step per task of the main thread, so that none of them is a long task on
// a slow phone (the page is already drawn by its HTML; what the visitor does meanwhile is held and
// replayed by the early-event script). Each step's modules are in this chunk already (eager: no
// request of their own, all fetched at once): importing one evaluates it and what it needs that is
// not evaluated yet. The largest first, each alone: React's DOM renderer, the shared libraries, the
// page's i18next set-up, the site's shared components, then the shell's app, which hydrates or draws
// the page (./bootstrap.test.ts names each task's modules).
import { nextTask } from '@site/shared-ui/next-task';

const sharedModules = [
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  // styled-components, then the server's style element adopted as the page's style sheet before any
  // styled component is made (@site/rendering's serverStyles: its rules are not inserted again).
  () =>
    import(/* webpackMode: "eager" */ 'styled-components')
      .then(() => import(/* webpackMode: "eager" */ '@site/rendering/server-styles'))
      .then(({ adoptServerStyles }) => adoptServerStyles()),
  () => Promise.all([import(/* webpackMode: "eager" */ '@tanstack/react-query'), import(/* webpackMode: "eager" */ 'i18next')]),
  // The page's i18next instance set up (react-i18next's binding, the common strings, the language),
  // a third of shared-ui's evaluation, before the rest of it: the same module, which shared-ui's
  // index then finds evaluated (this build's own copy of shared-ui is the one every app of the page
  // uses: the shell's start negotiates it before any remote has registered).
  () => import(/* webpackMode: "eager" */ '@site/shared-ui/i18n'),
  () => import(/* webpackMode: "eager" */ '@site/shared-ui'),
];

async function start() {
  // The first step too waits for a task of its own: this chunk's arrival was one already.
  for (const evaluate of sharedModules) {
    await nextTask();
    await evaluate();
  }
  await nextTask();
  const { mountShell } = await import(/* webpackMode: "eager" */ './app/mountShell');
  await nextTask();
  await mountShell();
}

void start();
