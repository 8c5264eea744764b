// pnpm release <verb> …: the command line of the release verbs (release.ts). Exit codes: 0 done,
// 1 refused or failed (nothing changed), 2 not called right. --json prints one JSON object on
// stdout for scripts, the refusal's problems included.
import { PREVIEW_MAX_HOURS } from '@site/shared-ui/remotes-document';
import { parseArgs } from 'node:util';
import { healthLines } from './health';
import { releaseEnv } from './localMode';
import type { HistoryEntry } from './history';
import { canary, contextFrom, history, init, preview, promote, publish, Refused, rollback, status, type Changed, type ReleaseContext } from './release';
import { UsageError } from './store';
import { LOCAL_SITE_URL, LOCAL_USER_SERVICE_URL } from '@site/contract/local-setup';
import { REMOTES } from '@site/contract/remotes';
import { checkLines, checkOnce, DEFAULT_INTERVAL_SECONDS, DEFAULT_POLICY, policyFrom, watchEvery } from './watch';

const USAGE = `pnpm release <verb> [--json]

  publish <remote> [--from <dist>]       copy a build into the store (after the gate); prints its manifest URL
  init                                   the first release: every remote's current build, all stable
  canary <remote> <version> <percent>    a share of visitors gets a published version
  promote <remote>                       the canary becomes stable
  rollback <remote> [<version>]          back to an earlier version (default: the previous stable); removes the canary
  preview <remote> <version> [--hours <n>]
                                         a link that shows a published version to the browser that opens it
                                         (after the gate; at most 24 h, the default); in local mode the version
                                         may be a remote's dev server: http://localhost:${REMOTES[0].port}/mf-manifest.json
  status                                 per remote: stable, canary and percentage, health
  history [<remote>]                     every change, oldest first
  watch <remote> [--once]                rolls the canary back when its share of networks with errors, or its p75
                                         LCP or INP, is significantly worse than the stable's; judged only once
                                         --min-networks networks saw each side (else: not enough evidence)
        [--window <minutes>] [--min-views <n>] [--min-networks <n>] [--threshold <share>] [--interval <seconds>]
        [--lcp-threshold <ms>] [--inp-threshold <ms>] [--significance <level>]
                                         (defaults: ${DEFAULT_POLICY.minutes} min, ${DEFAULT_POLICY.minViews} canary views, ${DEFAULT_POLICY.minNetworks} networks, ${DEFAULT_POLICY.threshold}, every ${DEFAULT_INTERVAL_SECONDS} s, ${DEFAULT_POLICY.lcpThreshold} ms, ${DEFAULT_POLICY.inpThreshold} ms, ${DEFAULT_POLICY.level})

  --reason "…"   recorded in the history with the change
  --json         one JSON object on stdout

A remote is named mfe_account or mfe-account; a version in full or by a prefix only it has.
DEPLOY_DIR (default .deploy/), DEPLOY_BASE_URL (default http://localhost:3004), SHELL_DIST
(default shell/dist), RELEASE_ACTOR (default the user name), USER_SERVICE_URL (default
${LOCAL_USER_SERVICE_URL}: the health summary of status and watch), OPS_TOKEN (the summary's token),
PREVIEW_SECRET (signs preview links; the site's server's own; none outside local mode: no previews),
PUBLIC_SITE_URL (default ${LOCAL_SITE_URL}: where preview links point). NODE_ENV unset: local mode, as
npm start sets it for the site beside it (previews signed with the local PREVIEW_SECRET, a remote's dev
server previewed), unless a store or an address elsewhere is configured (RELEASE_STORE=postgres+s3, a
RELEASE_DATABASE_* or RELEASE_S3_* setting, DEPLOY_BASE_URL, PUBLIC_SITE_URL or USER_SERVICE_URL not on
this machine); NODE_ENV=production: never.`;

const ARITY: Record<string, [min: number, max: number]> = {
  publish: [1, 1],
  init: [0, 0],
  canary: [3, 3],
  promote: [1, 1],
  rollback: [1, 2],
  preview: [2, 2],
  status: [0, 0],
  history: [0, 1],
  watch: [1, 1],
};

const WATCH_OPTIONS = ['once', 'window', 'min-views', 'min-networks', 'threshold', 'interval', 'lcp-threshold', 'inp-threshold', 'significance'] as const;

const arrow = (from: string | null, to: string | null) => `${from ?? '(none)'} → ${to ?? '(none)'}`;

function historyLine(entry: HistoryEntry): string {
  const change = entry.verb === 'publish' || entry.verb === 'init' ? entry.to : arrow(entry.from, entry.to);
  const share = entry.percentage !== null ? ` at ${entry.percentage}%` : '';
  const removed = entry.removedCanary ? `; canary ${entry.removedCanary} removed` : '';
  const why = entry.reason ? `  "${entry.reason}"` : '';
  return `${entry.when}  ${entry.who}  ${entry.verb} ${entry.remote} ${change}${share}${removed}${why}`;
}

function changedLines(verb: string, changed: Changed): string[] {
  const removed = changed.removedCanary ? `; canary ${changed.removedCanary} removed` : '';
  return [
    `${changed.remote}: ${verb} ${arrow(changed.from, changed.to)}${removed}`,
    `  stable ${changed.location.manifest}`,
    ...(changed.location.canary ? [`  canary ${changed.location.canary.manifest} at ${changed.location.canary.percentage}%`] : []),
  ];
}

const out = (text: string) => process.stdout.write(`${text}\n`);
const err = (text: string) => process.stderr.write(`${text}\n`);

/** Runs one command line in `env` (the process's, local mode added by localMode.ts's rule); returns the exit code. */
async function main(argv: string[], env = releaseEnv(process.env)): Promise<number> {
  let json = false;
  let ctx: ReleaseContext | null = null;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        from: { type: 'string' },
        reason: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        once: { type: 'boolean' },
        window: { type: 'string' },
        'min-views': { type: 'string' },
        'min-networks': { type: 'string' },
        threshold: { type: 'string' },
        interval: { type: 'string' },
        'lcp-threshold': { type: 'string' },
        'inp-threshold': { type: 'string' },
        significance: { type: 'string' },
        hours: { type: 'string' },
      },
    });
    json = Boolean(values.json);
    const [verb, ...args] = positionals;
    if (values.help || !verb) {
      out(USAGE);
      return values.help ? 0 : 2;
    }
    const arity = ARITY[verb];
    if (!arity) throw new UsageError(`unknown verb ${verb}`);
    if (args.length < arity[0] || args.length > arity[1])
      throw new UsageError(`${verb} takes ${arity[0] === arity[1] ? arity[0] : `${arity[0]} or ${arity[1]}`} argument${arity[1] === 1 ? '' : 's'}, not ${args.length}`);
    if (values.from !== undefined && verb !== 'publish') throw new UsageError('--from goes with publish only');
    if (values.hours !== undefined && verb !== 'preview') throw new UsageError('--hours goes with preview only');
    if (verb === 'preview' && values.reason !== undefined) throw new UsageError('preview changes nothing in force: it takes no --reason');
    const misplaced = WATCH_OPTIONS.find((name) => values[name] !== undefined && verb !== 'watch');
    if (misplaced) throw new UsageError(`--${misplaced} goes with watch only`);
    if (verb === 'watch' && values.reason !== undefined) throw new UsageError('watch writes its own reason: the figures that made it roll back');
    ctx = contextFrom(env);
    const options = { reason: values.reason };
    const [a = '', b, c = ''] = args;
    let result: unknown;
    let lines: string[];
    switch (verb) {
      case 'publish': {
        const published = await publish(ctx, a, { ...options, from: values.from });
        result = published;
        lines = [
          published.copied
            ? `published ${published.remote} ${published.version} (fits ${published.checkedAgainst.join(', ')})`
            : `${published.remote} ${published.version} was published before (same content): nothing copied`,
          published.manifest,
        ];
        break;
      }
      case 'init': {
        const first = await init(ctx, options);
        result = first;
        lines = ['the first release, all stable:', ...Object.entries(first.document).map(([remote, location]) => `  ${remote} ${location.manifest}`)];
        break;
      }
      case 'canary': {
        const changed = await canary(ctx, a, b!, c, options);
        result = changed;
        lines = [
          `${changed.remote}: canary ${changed.to} at ${changed.percentage}%${changed.removedCanary ? ` (replaces canary ${changed.removedCanary})` : ''}`,
          `  stable ${changed.location.manifest}`,
          `  canary ${changed.location.canary!.manifest}`,
        ];
        break;
      }
      case 'preview': {
        const hours = values.hours === undefined ? undefined : Number(values.hours);
        if (hours !== undefined && !(hours > 0 && hours <= PREVIEW_MAX_HOURS)) throw new UsageError(`--hours is more than 0 and at most ${PREVIEW_MAX_HOURS}, not ${values.hours}`);
        const previewed = await preview(ctx, a, b!, { hours, env });
        result = previewed;
        lines = [
          `${previewed.remote} ${previewed.version}: a preview until ${previewed.expiresAt} (it fits the site in force)`,
          `  open in the browser to pin (only that browser; its banner ends it):`,
          `  ${previewed.link}`,
        ];
        break;
      }
      case 'promote':
        result = await promote(ctx, a, options);
        lines = changedLines('promoted', result as Changed);
        break;
      case 'rollback': {
        const changed = await rollback(ctx, a, b, options);
        result = changed;
        // A canary taken out with the stable version kept: an abort.
        lines =
          changed.from === changed.to && changed.removedCanary
            ? [`${changed.remote}: canary ${changed.removedCanary} aborted; stable ${changed.to} stays`, `  stable ${changed.location.manifest}`]
            : changedLines('rolled back', changed);
        break;
      }
      case 'status': {
        const remotes = await status(ctx);
        result = { store: ctx.store.description, released: remotes !== null, remotes: remotes ?? [] };
        lines = remotes
          ? [
              `store: ${ctx.store.description}`,
              ...remotes.flatMap((remote) => [
                remote.remote,
                `  stable ${remote.stable.version}`,
                `  canary ${remote.canary ? `${remote.canary.version} at ${remote.canary.percentage}%` : 'none'}`,
                ...healthLines(remote.health).map((line) => `  ${line}`),
              ]),
            ]
          : [`no release yet in ${ctx.store.description}: the servers serve each remote's own dist/ (pnpm release init makes the first release)`];
        break;
      }
      case 'watch': {
        const policy = policyFrom(values);
        if (values.once) {
          const check = await checkOnce(ctx, a, policy);
          result = check;
          lines = checkLines(check, policy);
          break;
        }
        // Until stopped: one line per check.
        await watchEvery(ctx, a, policy, {
          checked: (check) => {
            if (json) out(JSON.stringify({ ok: true, when: new Date().toISOString(), ...check }));
            else for (const line of checkLines(check, policy)) out(`${new Date().toISOString()}  ${line}`);
          },
          skipped: (error) => err(`${new Date().toISOString()}  release: ${error.message}`),
        });
        return 0;
      }
      default: {
        const entries = await history(ctx, a || undefined);
        result = { entries };
        lines = entries.length ? entries.map(historyLine) : ['no history yet'];
      }
    }
    if (json) out(JSON.stringify({ ok: true, ...(result as object) }, null, 2));
    else for (const line of lines) out(line);
    return 0;
  } catch (error) {
    const usage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    if (json) {
      out(JSON.stringify({ ok: false, error: (error as Error).message, ...(error instanceof Refused ? { refused: true, problems: error.problems } : {}) }, null, 2));
    } else if (error instanceof Refused) {
      err(`refused: ${error.subject} does not fit the site in force (nothing changed)`);
      for (const problem of error.problems) err(`  ${problem}`);
    } else {
      err(`release: ${(error as Error).message}${usage ? ' (pnpm release --help)' : ''}`);
    }
    return usage ? 2 : 1;
  } finally {
    await ctx?.store.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
