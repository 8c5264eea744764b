import { Hono } from 'hono';
import { z } from 'zod';
import { createAccountDeletion } from '../deletion/deleteAccount';
import type { AppEnv, Deps } from '../http/env';
import { jsonBody, limitBody, requireJson, requireUser, userRateLimit } from '../http/middleware';
import { requestHeader } from '../http/nodeMessages';
import { deletionState, exportAccountData } from '../store/accountData';
import { deletionStatus } from '../store/accountDeletions';
import type { SelfRequest } from './localBilling';

/** The file name the export is saved under (the date of the export is added). */
export const EXPORT_FILE_PREFIX = 'vedere-account-data';
/** Deletions a user may ask for: enough for a retry or two after a failure or a new sign-in, not for a loop. */
export const ACCOUNT_DELETION_RATE_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

/** The user says so in the body: a request without it deletes nothing. */
const deleteBody = z.object({ confirm: z.literal(true) });

/**
 * The user's rights under the GDPR: a copy of everything the service holds about them, and the
 * account's deletion (in steps that never leave half an account: deletion/deleteAccount.ts).
 */
export function accountDataRoutes(deps: Deps, selfRequest: SelfRequest) {
  const { db, verifyToken, config } = deps;
  const auth = requireUser(verifyToken);
  const { deleteAccount } = createAccountDeletion(deps, selfRequest);
  const deletionLimit = userRateLimit(deps, { prefix: 'delete-account', limit: ACCOUNT_DELETION_RATE_LIMIT });

  return (
    new Hono<AppEnv>()
      .post('/export-account-data', auth, async (c) => {
        const data = await exportAccountData(db, c.get('user'));
        c.header('Content-Disposition', `attachment; filename="${EXPORT_FILE_PREFIX}-${data.exportedAt.slice(0, 10)}.json"`);
        // The site reads the file name from another origin: CORS lets it see this header only when named.
        c.header('Access-Control-Expose-Headers', 'Content-Disposition');
        c.header('Cache-Control', 'no-store');
        return c.json(data);
      })
      // The account page's "deletion in progress": the truth at each moment of a deletion (null when none is under way).
      .post('/account-deletion-status', auth, async (c) => {
        const status = await deletionStatus(db, c.get('user').uid);
        c.header('Cache-Control', 'no-store');
        return c.json({
          deletion: status ? deletionState({ identity_deleted: status.step === 'data', started_at: status.startedAt, failed: status.failed }) : null,
        });
      })
      .post('/delete-account', auth, deletionLimit, requireJson, limitBody(config.bodyLimitBytes), jsonBody(deleteBody), async (c) => {
        // requireUser accepted the header: it is "Bearer <token>", what Firebase is asked with.
        const idToken = (requestHeader(c, 'authorization') ?? '').slice('Bearer '.length);
        return c.json(await deleteAccount(c.get('user'), idToken));
      })
  );
}
