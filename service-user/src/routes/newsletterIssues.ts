import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps } from '../http/env';
import { jsonBody, limitBody, requireJson, requireOperatorToken } from '../http/middleware';
import { queueNewsletterIssue } from '../store/newsletter';
import { text } from './fields';
import { LOCALES, type Locale } from '@site/contract/locales';

/** A text in each of the site's languages (every subscriber is written to in the one they chose). */
const inEveryLanguage = (max: number) => z.object(Object.fromEntries(LOCALES.map((locale) => [locale, text(max)])) as Record<Locale, ReturnType<typeof text>>);
const issueBody = z.object({ subject: inEveryLanguage(200), text: inEveryLanguage(20_000) });

/** POST /newsletter/issues: the team sends an issue to every confirmed subscriber (an operator's call, OPS_TOKEN). */
export function newsletterIssueRoutes(deps: Deps) {
  return new Hono().post(
    '/newsletter/issues',
    requireOperatorToken({
      token: deps.config.opsToken,
      local: deps.config.local,
      refusal: { code: 'ops_token_invalid', message: 'Present the operations token as Authorization: Bearer <OPS_TOKEN>.' },
    }),
    requireJson,
    limitBody(deps.config.webhookBodyLimitBytes),
    jsonBody(issueBody),
    async (c) => {
      const recipients = await queueNewsletterIssue(deps.db, deps.links, c.req.valid('json'));
      deps.mail.kick();
      return c.json({ recipients }, 202);
    },
  );
}
