// The asynchronous boundary lets Module Federation negotiate shared singletons before any
// React code runs. main.js's own task starts the federation runtime. Asking for a shared module
// has the runtime check its versions, choose its provider and insert its script: a few
// milliseconds each on a slow phone, so one module is asked for per task, the largest first (all
// are then fetched together), and bootstrap (./bootstrap.tsx) evaluates them, one per task too.
import { nextTask } from '@site/shared-ui/next-task';

const sharedModules = [
  () => import('react-dom/client'),
  () => import('styled-components'),
  () => import('@tanstack/react-query'),
  () => import('i18next'),
  () => import('@site/shared-ui'),
];

async function start() {
  for (const fetchModule of sharedModules) {
    await nextTask();
    // A module that fails to arrive fails the bootstrap below, which needs it too.
    fetchModule().catch(() => {});
  }
  await nextTask();
  // Named, so that the production server can preload it (site-server/src/preloadHints.ts).
  await import(/* webpackChunkName: "bootstrap" */ './bootstrap');
}

void start();
