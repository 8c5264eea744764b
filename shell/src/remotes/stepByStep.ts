// Loading a remote's page, in tasks of its own: when its entry arrives, the federation runtime
// initialises the remote's container (its shared modules checked against the page's), then asks
// for the page's module and evaluates it, all in the task in which the entry's script loaded; and
// React draws the page in the task that evaluated it. A runtime plugin makes each step start in a
// new task (@site/shared-ui/next-task), so that none of them, added to the others, is a long task
// on a slow phone.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { nextTask } from '@site/shared-ui/next-task';

export const STEP_BY_STEP_PLUGIN = 'site-step-by-step';

export function stepByStepPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: STEP_BY_STEP_PLUGIN,
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
