// The field speed of the page a visit starts on (its Largest Contentful Paint, Interaction to Next
// Paint and Cumulative Layout Shift), measured with web-vitals and reported with the health of the
// remote that draws the page (health.ts), under its version and cohort: `release status` shows
// each cohort's p75, and `release watch` rolls back a canary that makes pages slower. The library
// is loaded once the page is React's and the browser idle: nothing of it runs before the page's
// LCP (its observers read the entries the browser buffered meanwhile).
import type { Vital } from '@site/shared-ui';
import { nextTask } from '@site/shared-ui/next-task';
import type { RemoteName } from '@site/shared-ui/remotes-document';
import { whenIdle } from '../app/whenIdle';
import { reportRemoteVital } from './health';

let measuring = false;
/** The address the page was loaded at: its vitals are that page's while the visitor is still on it. */
const landing = typeof window === 'undefined' ? null : window.location.pathname;
let movedOn = false;
/** Whether the visitor is still on the page the document was loaded for (a client-side navigation ends it). */
const stillOnLanding = () => {
  if (window.location.pathname !== landing) movedOn = true;
  return !movedOn;
};

/**
 * Starts measuring the page this visit started on, drawn by `remote`: only when it is the page the
 * document was loaded for (a remote's page reached by a client-side navigation is not what the
 * document's LCP measured), and only until the visitor moves on (INP and CLS go on adding up over
 * the next pages, which are not this remote's to answer for).
 */
export function measureVitalsOf(remote: RemoteName): void {
  if (measuring || typeof window === 'undefined' || !stillOnLanding()) return;
  measuring = true;
  whenIdle(() => {
    void import(/* webpackChunkName: "web-vitals" */ 'web-vitals')
      .then(async ({ onCLS, onINP, onLCP }) => {
        const report = ({ name, value }: { name: string; value: number }) => {
          if (stillOnLanding()) reportRemoteVital(remote, name.toLowerCase() as Vital, value);
        };
        // Each observer starts in a task of its own, after the task that evaluated the library: each
        // reads what the browser buffered since the page began, and the three, with the library,
        // were one long task on a slow phone.
        for (const observe of [onLCP, onINP, onCLS]) {
          await nextTask();
          observe(report, { reportAllChanges: true });
        }
      })
      // Best effort, as every health report: never breaks the page.
      .catch(() => undefined);
  });
}
