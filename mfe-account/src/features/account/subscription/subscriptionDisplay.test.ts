import { portalLink, trialStatus } from './subscriptionDisplay';

const DAY = 86_400;
const now = Date.UTC(2026, 10, 23, 12, 0, 0);
const inSeconds = (seconds: number) => now / 1000 + seconds;

describe("the trial's days left (round((trialEnd − now) / 86400))", () => {
  it('counts exactly 14 days as 14', () => {
    expect(trialStatus(inSeconds(14 * DAY), now)).toEqual({ kind: 'daysLeft', days: 14 });
  });

  it('rounds to the nearest day', () => {
    expect(trialStatus(inSeconds(13.6 * DAY), now)).toEqual({ kind: 'daysLeft', days: 14 });
    expect(trialStatus(inSeconds(13.4 * DAY), now)).toEqual({ kind: 'daysLeft', days: 13 });
    expect(trialStatus(inSeconds(0.5 * DAY), now)).toEqual({ kind: 'daysLeft', days: 1 });
  });

  it('says a trial with under half a day left ends today', () => {
    expect(trialStatus(inSeconds(0.4 * DAY), now)).toEqual({ kind: 'endsToday' });
    expect(trialStatus(inSeconds(60), now)).toEqual({ kind: 'endsToday' });
  });

  it('says a trial with 0 seconds left, or past its end, has ended', () => {
    expect(trialStatus(inSeconds(0), now)).toEqual({ kind: 'ended' });
    expect(trialStatus(inSeconds(-3 * DAY), now)).toEqual({ kind: 'ended' });
  });
});

describe('links into the customer portal', () => {
  it("prefill the user's email, URL-encoded", () => {
    expect(portalLink('https://billing.stripe.com/p/login/test_abc', 'ana+test@exemplu.ro')).toBe(
      'https://billing.stripe.com/p/login/test_abc?prefilled_email=ana%2Btest%40exemplu.ro',
    );
  });

  it('keep a query the configured URL already has', () => {
    expect(portalLink('https://billing.stripe.com/p/login/x?locale=ro', 'a b@c.ro')).toBe('https://billing.stripe.com/p/login/x?locale=ro&prefilled_email=a+b%40c.ro');
  });
});
