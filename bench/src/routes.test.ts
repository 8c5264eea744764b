import { ACCOUNT_TABS } from '@site/mfe-account/constants';
import { AFTER_TRIAL_ROUTES, BEFORE_TRIAL_ROUTES, NOT_MEASURED, PUBLIC_ROUTES, ROMANIAN_ROUTES, ROUTE_TABLE, SIGNED_IN_ROUTES } from './routes';

const routeOf = (address: string) => ROUTE_TABLE.routes.find((route) => route.path === new URL(address, 'http://localhost').pathname);
const pageOf = (address: string) => routeOf(address)?.page;

describe("the bench's pages and the shell's route table", () => {
  it('measures every page of the table, or says why it leaves it out', () => {
    const measured = new Set([...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES].map(pageOf));
    for (const page of Object.keys(ROUTE_TABLE.pages)) expect({ page, measured: measured.has(page) || page in NOT_MEASURED }).toEqual({ page, measured: true });
    // A page left out that the table no longer has is a stale exception.
    for (const page of Object.keys(NOT_MEASURED)) expect(ROUTE_TABLE.pages).toHaveProperty([page]);
    for (const page of Object.keys(NOT_MEASURED)) expect(measured.has(page)).toBe(false);
  });

  it('measures addresses of the table only: a public page at a route the server draws for anyone, a signed-in page at a route behind the sign-in', () => {
    for (const address of PUBLIC_ROUTES) expect({ address, route: routeOf(address) }).toEqual({ address, route: expect.objectContaining({ prerender: true }) });
    for (const address of SIGNED_IN_ROUTES) expect({ address, route: routeOf(address) }).toEqual({ address, route: expect.objectContaining({ access: true }) });
  });

  it('measures each page the server draws for anyone, in Romanian and at its English address', () => {
    const drawn = ROUTE_TABLE.routes.filter((route) => route.prerender && !route.access && !(route.page in NOT_MEASURED));
    expect(new Set(ROMANIAN_ROUTES.map(pageOf))).toEqual(new Set(drawn.map((route) => route.page)));
    expect(PUBLIC_ROUTES).toEqual([...ROMANIAN_ROUTES, ...ROMANIAN_ROUTES.map((route) => `${route}?lang=en`)]);
  });

  it('measures each page once, at its first route (an alias is the same page)', () => {
    for (const routes of [ROMANIAN_ROUTES, SIGNED_IN_ROUTES]) {
      const paths = routes.map((address) => new URL(address, 'http://localhost').pathname);
      for (const path of paths) expect(ROUTE_TABLE.routes.find((route) => route.page === pageOf(path))?.path).toBe(path);
    }
  });

  it('measures the account page at each of its tabs', () => {
    expect(SIGNED_IN_ROUTES.filter((address) => pageOf(address) === 'account')).toEqual(ACCOUNT_TABS.map((tab) => `/account?tab=${tab}`));
  });

  it('measures the pages a trial sends away from before the trial starts, every other signed-in page after it', () => {
    expect(BEFORE_TRIAL_ROUTES).toEqual(['/pricing']);
    expect(AFTER_TRIAL_ROUTES).toEqual(['/account?tab=account', '/account?tab=subscription', '/account?tab=device', '/reset-linked-device']);
    expect(SIGNED_IN_ROUTES).toEqual([...BEFORE_TRIAL_ROUTES, ...AFTER_TRIAL_ROUTES]);
  });
});
