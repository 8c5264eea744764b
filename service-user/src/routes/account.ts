import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../http/env';
import { ApiError } from '../http/errors';
import { jsonBody, limitBody, requireJson, requireUser } from '../http/middleware';
import { PAGE_READS, type PageReadName } from '@site/contract/page-reads';
import { devices } from '../store/devices';
import { subscriptionInfoOf, subscriptionRows, subscriptionStatuses, userInfoOf, type SubscriptionRow } from '../store/subscriptions';
import { ensureUser, registerUser } from '../store/users';
import { text } from './fields';

const linkDeviceBody = z.object({
  deviceId: text(200),
  deviceName: text(200),
});

/** Several of the reads at once: the names asked for (each once, none unknown). */
const pageReadsBody = z.object({ reads: z.array(z.enum(PAGE_READS)).min(1).max(PAGE_READS.length) });

/**
 * Each read once, for its own route and for /page-reads alike: the reads `asked` of one request, of
 * one user. The user's subscriptions are read once for the two reads that show them; the user's
 * read alone reads only their statuses.
 */
const accountReads = (db: Deps['db'], productNames: Deps['config']['productNames']) => (uid: string, asked: readonly PageReadName[]) => {
  let subscriptions: Promise<SubscriptionRow[]> | undefined;
  const subscriptionsOnce = () => (subscriptions ??= subscriptionRows(db, uid));
  return {
    'get-user-info': async () => userInfoOf(asked.includes('get-subscription-info') ? await subscriptionsOnce() : await subscriptionStatuses(db, uid)),
    'get-subscription-info': async () => subscriptionInfoOf(await subscriptionsOnce(), productNames),
    'get-device-info': () => devices.get(db, uid),
  } satisfies Record<PageReadName, () => Promise<unknown>>;
};

/** What POST /page-reads answers: each read asked for, as its own route answers it. */
export type PageReadAnswers = { [N in PageReadName]?: Awaited<ReturnType<ReturnType<ReturnType<typeof accountReads>>[N]>> };

/** The signed-in user's own calls: every query is scoped to the token's uid. */
export function accountRoutes({ db, verifyToken, config, logger }: Deps) {
  const auth = requireUser(verifyToken);
  const reads = accountReads(db, config.productNames);
  return (
    new Hono<AppEnv>()
      .post('/register-user', auth, async (c) => c.json(await registerUser(db, c.get('user'), logger)))
      .post('/get-user-info', auth, async (c) => c.json(await reads(c.get('user').uid, ['get-user-info'])['get-user-info']()))
      .post('/get-subscription-info', auth, async (c) => c.json(await reads(c.get('user').uid, ['get-subscription-info'])['get-subscription-info']()))
      .post('/get-device-info', auth, async (c) => c.json(await reads(c.get('user').uid, ['get-device-info'])['get-device-info']()))
      // A page's reads in one request (the site's server, drawing a signed-in page): one token check
      // and one request for what would be two or three.
      .post('/page-reads', auth, requireJson, limitBody(config.bodyLimitBytes), jsonBody(pageReadsBody), async (c) => {
        const names = [...new Set(c.req.valid('json').reads)];
        const userReads = reads(c.get('user').uid, names);
        const answers = await Promise.all(names.map(async (name) => [name, await userReads[name]()] as const));
        return c.json(Object.fromEntries(answers) as PageReadAnswers);
      })
      .post('/reset-linked-device', auth, async (c) => c.json(await devices.unlink(db, c.get('user').uid)))
      .post('/link-device', auth, requireJson, limitBody(config.bodyLimitBytes), jsonBody(linkDeviceBody), async (c) => {
        const user = c.get('user');
        await ensureUser(db, user, logger);
        const result = await devices.link(db, user.uid, c.req.valid('json'));
        if (result === 'other_device_linked') {
          throw new ApiError(409, 'device_already_linked', 'Another phone is linked to this account. Unlink it first.');
        }
        if (result === 'device_taken') {
          throw new ApiError(409, 'device_linked_elsewhere', 'This phone is linked to another account.');
        }
        return c.json(result);
      })
  );
}
