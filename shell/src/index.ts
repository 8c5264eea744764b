// main.js's own task starts the federation runtime: webpack's start of the shell's build creates
// the instance, registers its plugins and the shared modules it provides, on a slow phone a long
// task by itself. The shell's next step (./negotiateSharedModules.ts: the remotes document asked
// for, the shared modules negotiated) waits for the next task, its modules evaluated there too (eager: in main.js
// already, no request of their own).
import { nextTask } from '@site/shared-ui/next-task';

void nextTask().then(() => import(/* webpackMode: "eager" */ './negotiateSharedModules'));
