/**
 * @jest-environment node
 */
// Each fact the packages share is written in one module and imported everywhere else: a copy of it
// written again in the sources (as a literal that would drift from its home) fails here, naming the
// file and the line. Tests and fixtures are not searched: what a test asserts is its own statement of
// the expected behaviour. Comment lines are not searched either (an example of a command's output may name a figure).
import { LOCAL_AUTH_EMULATOR_PORT } from '@site/contract/local-setup';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

const CONTRACT = 'contract/src';

interface Fact {
  fact: string;
  home: string;
  /** What a copy of it looks like. */
  copy: RegExp;
  /** Copies this repository had (each must be recognised). */
  seen: string[];
}

const FACTS: Fact[] = [
  { fact: "the user service's local port", home: `${CONTRACT}/localSetup.ts`, copy: /\b8787\b/, seen: ["userServiceUrl: 'http://localhost:8787',"] },
  { fact: "the Auth emulator's local port", home: `${CONTRACT}/localSetup.ts`, copy: /\b9099\b/, seen: ['auth_emulator: Number(process.env.AUTH_EMULATOR_PORT || 9099),'] },
  {
    fact: "the site's local address",
    home: `${CONTRACT}/localSetup.ts`,
    copy: /\b(localhost|127\.0\.0\.1):3000\b|\bport: 3000\b/,
    seen: ["baseURL: 'http://localhost:3000',", "{ name: 'shell', folder: 'shell', package: '@site/shell', port: 3000 }"],
  },
  { fact: 'the Firebase demo project', home: `${CONTRACT}/localSetup.ts`, copy: /demo-assistive-site/, seen: ["env.FIREBASE_PROJECT_ID || 'demo-assistive-site'"] },
  { fact: 'the Firebase demo key', home: `${CONTRACT}/localSetup.ts`, copy: /demo-api-key/, seen: ['accounts:signUp?key=demo-api-key`'] },
  {
    fact: 'the health window',
    home: `${CONTRACT}/telemetry.ts`,
    copy: /\b30\s*\*\s*60\b|\b1_?800\b|\bminutes:\s*30\b|_MINUTES\s*=\s*30\b|\b30 ?min\b/,
    seen: ['export const VIEW_TOKEN_TTL_S = 30 * 60;', 'export const SUMMARY_DEFAULT_MINUTES = 30;', '{ minutes: 30, minViews: 20 }', '(defaults: 30 min, 20 canary views)'],
  },
  { fact: 'the events a beacon may carry', home: `${CONTRACT}/telemetry.ts`, copy: /(MAX_EVENTS|PER_BEACON)\s*=\s*\d/, seen: ['export const EVENTS_PER_BEACON = 20;'] },
  {
    fact: "the remotes' names, as a list",
    home: `${CONTRACT}/remotes.ts`,
    copy: /['"]mfe_marketing['"],\s*['"]mfe_auth['"]|\{\s*name:\s*['"]mfe_marketing['"],\s*port:/,
    seen: ["export const TELEMETRY_REMOTES = ['mfe_marketing', 'mfe_auth', 'mfe_account'] as const;", "  { name: 'mfe_marketing', port: 3001 },"],
  },
  {
    fact: "the remotes' local ports",
    home: `${CONTRACT}/remotes.ts`,
    copy: /\bport:\s*300[1-3]\b|\b(localhost|127\.0\.0\.1):300[1-3]\b/,
    seen: ["mfe_marketing: { folder: 'mfe-marketing', package: '@site/mfe-marketing', port: 3001 },"],
  },
  {
    fact: "the full plan's price",
    home: `${CONTRACT}/plans.ts`,
    copy: /\bprice:\s*[1-9]|\bunit_?amount:\s*[1-9]|\b\d+ (de )?lei\b/i,
    seen: ["{ id: 'full', price: 60, popular: true, checkout: 'full' },", "priceId: 'price_local_full', unitAmount: 6000 },", 'planul complet costă 60 de lei pe lună'],
  },
  {
    fact: "the trial's length",
    home: `${CONTRACT}/plans.ts`,
    copy: /TRIAL_DAYS\s*=\s*\d|\b14[- ](day|days|zile)\b|\b14\s*\*\s*(86_?400|DAY)/i,
    seen: ['export const TRIAL_DAYS = 14;', 'Start with a free 14-day trial', 'o perioadă de probă gratuită de 14 zile', 'trial_end: now + 14 * 86_400,'],
  },
  {
    fact: "the site's locales",
    home: `${CONTRACT}/locales.ts`,
    copy: /['"]ro['"],\s*['"]en['"]\s*\]|['"]en['"],\s*['"]ro['"]\s*\]|['"](ro|en)['"]\s*\|\s*['"](ro|en)['"]|===\s*['"](ro|en)['"]\s*\?\s*['"](ro|en)['"]/,
    seen: [
      "export const MAIL_LOCALES = ['ro', 'en'] as const;",
      "contact: Record<'ro' | 'en', { phone: string; email: string }>;",
      "const next = i18n.language === 'ro' ? 'en' : 'ro';",
    ],
  },
  {
    fact: "the login cookie's name",
    home: 'shared-ui/src/session/loginCookieName.ts',
    copy: /['"`]loginCookie['"`]/,
    seen: ["(await page.context().cookies()).find((c) => c.name === 'loginCookie')"],
  },
  {
    fact: 'the longest request id kept',
    home: `${CONTRACT}/requestId.ts`,
    copy: /REQUEST_ID_MAX_LENGTH\s*=\s*\d|limitLength:\s*\d/,
    seen: ['export const REQUEST_ID_MAX_LENGTH = 64;', 'requestId({ limitLength: 64 })'],
  },
  {
    fact: "local mode's Stripe webhook secret",
    home: 'contract/src/localMode.ts',
    copy: /whsec_local_development_only/,
    seen: ["const WEBHOOK_SECRET = process.env.STRIPE_WEBHOOK_SECRET || 'whsec_local_development_only';"],
  },
  {
    fact: "a preference cookie's lifetime",
    home: 'shared-ui/src/preferenceCookie.ts',
    copy: /\b365\b/,
    seen: ["({ path: '/', sameSite: 'Lax' as const, expires: 365 })", 'const ONE_YEAR_S = 365 * 86_400;'],
  },
];

/** Code and data the site runs on: not tests, fixtures, documents, lockfiles or the bench's results. */
const searched = (file: string) =>
  /\.(ts|tsx|js|cjs|mjs|json|ya?ml|html)$/.test(file) &&
  !/\.(test|spec|typecheck)\.[cm]?[jt]sx?$/.test(file) &&
  !/(^|\/)(fixtures|transcripts)\//.test(file) &&
  !file.startsWith('e2e/tests/') &&
  !file.startsWith('bench/results') &&
  file !== 'pnpm-lock.yaml' &&
  // Says the emulator's port to the emulator (JSON imports nothing): compared below instead.
  file !== 'firebase.json';

const isComment = (line: string) => /^\s*(\/\/|\/\*|\*)/.test(line);

/** The repository's files, committed or not yet (ignored ones aside). */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\n').filter(searched);
const sources = new Map(files.map((file) => [file, readFileSync(join(root, file), 'utf8')]));

/** Each line outside `home` where `copy` matches: "file:line: text". */
function copiesOf({ home, copy }: Fact, texts: ReadonlyMap<string, string> = sources): string[] {
  return [...texts].flatMap(([file, text]) =>
    file === home ? [] : text.split('\n').flatMap((line, at) => (!isComment(line) && copy.test(line) ? [`${file}:${at + 1}: ${line.trim()}`] : [])),
  );
}

describe('each fact the packages share has one home', () => {
  it.each(FACTS.map((fact) => [fact.fact, fact] as const))('%s is written in its home only', (_, fact) => {
    expect(sources.has(fact.home)).toBe(true);
    for (const line of fact.seen) expect(line).toMatch(fact.copy);
    expect(copiesOf(fact)).toEqual([]);
  });

  it('finds a copy written again, and names where', () => {
    const port = FACTS.find((fact) => fact.fact === "the user service's local port")!;
    const written = new Map([['site-server/src/example.ts', "// :8787 in a comment is not a copy\nconst url = 'http://localhost:8787';"]]);
    expect(copiesOf(port, written)).toEqual(["site-server/src/example.ts:2: const url = 'http://localhost:8787';"]);
  });

  it('gives the Auth emulator the port the site and the service use (firebase.json)', () => {
    const { emulators } = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as { emulators: { auth: { host: string; port: number } } };
    expect(emulators.auth).toEqual({ host: '127.0.0.1', port: LOCAL_AUTH_EMULATOR_PORT });
  });
});
