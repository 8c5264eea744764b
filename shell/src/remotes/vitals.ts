// The field speed of the page a visit starts on (its Largest Contentful Paint, Interaction to Next
// Paint and Cumulative Layout Shift), measured with web-vitals and reported with the health of the
// remote that draws the page (health.ts), under its version and cohort: `release status` shows
// each cohort's p75, and `release watch` rolls back a canary that makes pages slower. The library
// is loaded once the page is React's and the browser idle: nothing of it runs before the page's
// LCP (its observers read the entries the browser buffered meanwhile).
import type { Vital } from '@site/shared-ui';
import type { RemoteName } from '@site/shared-ui/remotes-document';
import { whenIdle } from '../app/whenIdle';
import { reportRemoteVital } from './health';

let measuring = false;

/** Starts measuring the page this visit started on, drawn by `remote` (only the first call of a page load counts). */
export function measureVitalsOf(remote: RemoteName): void {
  if (measuring || typeof window === 'undefined') return;
  measuring = true;
  whenIdle(() => {
    void import(/* webpackChunkName: "web-vitals" */ 'web-vitals')
      .then(({ onCLS, onINP, onLCP }) => {
        const report = ({ name, value }: { name: string; value: number }) => reportRemoteVital(remote, name.toLowerCase() as Vital, value);
        onLCP(report, { reportAllChanges: true });
        onINP(report, { reportAllChanges: true });
        onCLS(report, { reportAllChanges: true });
      })
      // Best effort, as every health report: never breaks the page.
      .catch(() => undefined);
  });
}
