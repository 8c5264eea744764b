import type { TelemetryBatch } from '@site/shared-ui';
import { createHealthReporter, FLUSH_DELAY_MS, sendBeaconToService } from './health';

const TOKEN = 'the.view.token';

function harness({ token = TOKEN }: { token?: string | null } = {}) {
  const sent: TelemetryBatch[] = [];
  const timers: (() => void)[] = [];
  const delays: number[] = [];
  const target = { addEventListener: window.addEventListener.bind(window), document };
  const reporter = createHealthReporter({
    token,
    send: (batch) => {
      sent.push(JSON.parse(JSON.stringify(batch)));
      return true;
    },
    setTimer: (run, ms) => {
      timers.push(run);
      delays.push(ms);
    },
    target,
  });
  reporter.rememberDeployments(
    new Map([
      ['mfe_account', { manifest: 'http://localhost:3004/mfe-account/1.0.0-abc123def456/mf-manifest.json', cohort: 'canary' }],
      ['mfe_marketing', { manifest: 'http://localhost:3001/mf-manifest.json', cohort: 'stable' }],
    ] as const),
  );
  return { reporter, sent, timers, delays };
}

describe('reporting the health of the remotes', () => {
  it(`sends the events of a page together, ${FLUSH_DELAY_MS / 1000} s after the first, with the page's view token (the version and cohort are the token's)`, () => {
    const { reporter, sent, timers, delays } = harness();
    reporter.report('mfe_account', 'view');
    reporter.report('mfe_marketing', 'render_error');
    expect(sent).toEqual([]);
    expect(delays).toEqual([FLUSH_DELAY_MS]);
    timers[0]!();
    expect(sent).toEqual([
      {
        token: TOKEN,
        events: [
          { remote: 'mfe_account', kind: 'view' },
          { remote: 'mfe_marketing', kind: 'render_error' },
        ],
      },
    ]);
  });

  it('sends nothing when no view token came with the page (nothing would count)', () => {
    const { reporter, sent, timers } = harness({ token: null });
    reporter.report('mfe_account', 'view');
    timers.forEach((run) => run());
    reporter.flush();
    expect(sent).toEqual([]);
  });

  it('sends what is waiting when the page is hidden or left', () => {
    const { reporter, sent } = harness();
    reporter.report('mfe_account', 'view');
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(1);
    reporter.report('mfe_account', 'load_failure');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(sent.map((batch) => batch.events.map((e) => ('kind' in e ? e.kind : e.vital)))).toEqual([['view'], ['load_failure']]);
  });

  it('sends each kind of event of a remote once a page (the service counts it once per token): a page that keeps failing sends one', () => {
    const { reporter, sent } = harness();
    for (let i = 0; i < 500; i += 1) {
      reporter.report('mfe_account', 'render_error');
      reporter.report('mfe_account', 'view');
    }
    reporter.report('mfe_marketing', 'view');
    reporter.flush();
    reporter.report('mfe_account', 'view');
    reporter.flush();
    expect(sent).toEqual([
      {
        token: TOKEN,
        events: [
          { remote: 'mfe_account', kind: 'render_error' },
          { remote: 'mfe_account', kind: 'view' },
          { remote: 'mfe_marketing', kind: 'view' },
        ],
      },
    ]);
  });

  it("counts a hydration error of a prerendered page (hydrateRoot's onRecoverableError), and still reports the error", () => {
    const { reporter, sent, timers } = harness();
    const reported = jest.fn();
    const original = globalThis.reportError;
    globalThis.reportError = reported;
    try {
      const error = new Error('Hydration failed because the server rendered text did not match the client');
      reporter.hydrationErrorHandler('mfe_account')(error);
      expect(reported).toHaveBeenCalledWith(error);
    } finally {
      globalThis.reportError = original;
    }
    timers.forEach((run) => run());
    expect(sent).toEqual([{ token: TOKEN, events: [{ remote: 'mfe_account', kind: 'hydration_error' }] }]);
  });

  it('counts nothing for a remote whose deployment it was not told (a server render), and never throws when sending fails', () => {
    const timers: (() => void)[] = [];
    const reporter = createHealthReporter({
      token: TOKEN,
      send: () => {
        throw new Error('beacon refused');
      },
      setTimer: (run) => void timers.push(run),
    });
    reporter.report('mfe_auth', 'view');
    expect(timers).toEqual([]);
    reporter.rememberDeployments(new Map([['mfe_auth', { manifest: 'http://localhost:3002/mf-manifest.json', cohort: 'stable' }]] as const));
    reporter.report('mfe_auth', 'view');
    expect(() => timers[0]!()).not.toThrow();
  });
});

describe('the beacon', () => {
  afterEach(() => {
    document.cookie = 'visitor-id=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    delete (globalThis as { __APP_CONFIG__?: unknown }).__APP_CONFIG__;
  });

  it('goes to the user service as text/plain, carrying the view token and the events, and nothing of the visitor', async () => {
    const visitor = 'c0ffee00-1234-4bcd-9aaa-0123456789ab';
    document.cookie = `visitor-id=${visitor}; path=/`;
    localStorage.setItem('visitor-id', visitor);
    window.history.pushState({}, '', '/account?email=ana%40example.com');
    (globalThis as { __APP_CONFIG__?: unknown }).__APP_CONFIG__ = { userServiceUrl: 'https://api.example' };
    const sendBeacon = jest.fn((_url: string, _body?: BodyInit | null) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });

    const reporter = createHealthReporter({ token: TOKEN, send: sendBeaconToService });
    reporter.rememberDeployments(new Map([['mfe_account', { manifest: 'https://cdn.example/mfe-account/1.0.0-abc123def456/mf-manifest.json', cohort: 'stable' }]] as const));
    reporter.report('mfe_account', 'view');
    reporter.report('mfe_account', 'render_error');
    reporter.flush();

    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0]!;
    expect(url).toBe('https://api.example/telemetry');
    const blob = body as Blob;
    expect(blob.type).toBe('text/plain');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blob);
    });
    const sent = JSON.parse(text) as TelemetryBatch;
    expect(Object.keys(sent)).toEqual(['token', 'events']);
    expect(sent.token).toBe(TOKEN);
    expect(sent.events.map((event) => Object.keys(event).sort())).toEqual([
      ['kind', 'remote'],
      ['kind', 'remote'],
    ]);
    expect(sent.events.map((event) => ('kind' in event ? event.kind : event.vital))).toEqual(['view', 'render_error']);
    expect(text).not.toContain(visitor);
    expect(text).not.toMatch(/example\.com|account\?|cookie/);
  });

  it('is not sent, and nothing throws, where the browser has no sendBeacon', () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true });
    expect(sendBeaconToService({ token: TOKEN, events: [{ remote: 'mfe_auth', kind: 'view' }] })).toBe(false);
  });
});

describe('reporting the field speed of the page a visit starts on', () => {
  it('keeps the latest value of each vital until the page is hidden, then sends them (rounded: ms; CLS to 4 places)', () => {
    const { reporter, sent, timers } = harness();
    reporter.report('mfe_marketing', 'view');
    reporter.reportVital('mfe_marketing', 'lcp', 1234.56);
    reporter.reportVital('mfe_marketing', 'inp', 40);
    reporter.reportVital('mfe_marketing', 'inp', 616.2);
    reporter.reportVital('mfe_marketing', 'cls', 0.012345);
    // The events' timer sends the events only.
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(sent).toEqual([{ token: TOKEN, events: [{ remote: 'mfe_marketing', kind: 'view' }] }]);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(sent[1]).toEqual({
      token: TOKEN,
      events: [
        { remote: 'mfe_marketing', vital: 'lcp', value: 1235 },
        { remote: 'mfe_marketing', vital: 'inp', value: 616 },
        { remote: 'mfe_marketing', vital: 'cls', value: 0.0123 },
      ],
    });
  });

  it('sends them when the page goes too, and nothing for an unknown remote or a value that is no measure', () => {
    const { reporter, sent } = harness();
    reporter.reportVital('mfe_marketing', 'inp', 24);
    reporter.reportVital('mfe_auth', 'lcp', 900);
    reporter.reportVital('mfe_marketing', 'lcp', Number.NaN);
    reporter.reportVital('mfe_marketing', 'cls', -1);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent.map((batch) => batch.events)).toEqual([[{ remote: 'mfe_marketing', vital: 'inp', value: 24 }]]);
  });
});
