// Loading a remote's page, in tasks of its own. The federation runtime reads the remote's
// manifest and makes its snapshot of the remote from it, works out the page's files (and the shared
// modules they need), then asks for them and for the remote's entry, all in the task in which the
// manifest arrived; when the entry arrives, it initialises the remote's container (its shared
// modules checked against the page's), then asks for the page's module and evaluates it, all in the
// task in which the entry's script loaded; and React draws the page in the task that evaluated it.
// A runtime plugin makes each step start in a new task (@site/shared-ui/next-task), so that none
// of them, added to the others, is a long task on a slow phone.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { nextTask } from '@site/shared-ui/next-task';

export const TASK_PER_LOAD_STEP_PLUGIN = 'site-task-per-load-step';

export function taskPerLoadStepPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: TASK_PER_LOAD_STEP_PLUGIN,
    // The snapshot made (the manifest read): the page's files are worked out in the next task.
    async afterLoadSnapshot(args) {
      await nextTask();
      return args;
    },
    // The page's files worked out (by the runtime's own plugin, which answers first): they and the
    // entry are asked for in the next task. Typed as an answer, but none: the runtime's hook then
    // keeps the answer before.
    generatePreloadAssets: (async () => {
      await nextTask();
    }) as unknown as NonNullable<ModuleFederationRuntimePlugin['generatePreloadAssets']>,
    async beforeInitContainer(args) {
      await nextTask();
      return args;
    },
    async initContainer(args) {
      await nextTask();
      return args;
    },
    // The module as evaluated (nothing returned: the runtime returns it as it is), handed over in a later task.
    async onLoad() {
      await nextTask();
    },
  };
}
