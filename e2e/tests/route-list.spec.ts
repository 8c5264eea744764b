import { expect, test } from '@playwright/test';
import { builtRouteTable, routes } from '../support';

// The journeys' list of routes (with each one's heading) is the route table's, as the shell's build
// emits it: a route added, removed or guarded there and not in e2e/support.ts fails here.
const table = builtRouteTable();

const UNKNOWN = '/no-such-page';

test("lists every route of the shell's route table, each guarded as the table says, and one unknown path", () => {
  const byPath = (a: [string, boolean], b: [string, boolean]) => a[0].localeCompare(b[0]);
  const listed = routes.filter((route) => route.path !== UNKNOWN).map((route): [string, boolean] => [route.path, 'guarded' in route]);
  expect(listed.sort(byPath)).toEqual(table.routes.map((route): [string, boolean] => [route.path, Boolean(route.access)]).sort(byPath));
  expect(routes.map((route) => route.path)).toContain(UNKNOWN);
  expect(table.routes.map((route) => route.path)).not.toContain(UNKNOWN);
});
