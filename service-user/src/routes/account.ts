import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../http/env';
import { ApiError } from '../http/errors';
import { jsonBody, limitBody, requireJson, requireUser } from '../http/middleware';
import { devices } from '../store/devices';
import { subscriptionInfo, userInfo } from '../store/subscriptions';
import { ensureUser, registerUser } from '../store/users';
import { text } from './fields';

const linkDeviceBody = z.object({
  deviceId: text(200),
  deviceName: text(200),
});

/** The signed-in user's own calls: every query is scoped to the token's uid. */
export function accountRoutes({ db, verifyToken, config, logger }: Deps) {
  const auth = requireUser(verifyToken);
  return new Hono<AppEnv>()
    .post('/register-user', auth, async (c) => c.json(await registerUser(db, c.get('user'), logger)))
    .post('/get-user-info', auth, async (c) => c.json(await userInfo(db, c.get('user').uid)))
    .post('/get-subscription-info', auth, async (c) => c.json(await subscriptionInfo(db, c.get('user').uid, config.productNames)))
    .post('/get-device-info', auth, async (c) => c.json(await devices.get(db, c.get('user').uid)))
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
    });
}
