import { freshLoginToken, LOGIN_TOKEN_MIN_VALIDITY_MS, readLoginToken } from './loginToken';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenOf = (claims: object) => `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
const now = Date.UTC(2026, 10, 30, 12);
const expIn = (ms: number) => Math.floor((now + ms) / 1000);

describe('the login token, read', () => {
  it('says whose it is (uid, email, the name given at sign-up, trimmed) and when it expires', () => {
    const token = tokenOf({ sub: 'uid-ana', email: 'ana@exemplu.ro', name: '  Ana Pop ', exp: expIn(3_600_000) });
    expect(readLoginToken(token)).toEqual({ user: { uid: 'uid-ana', email: 'ana@exemplu.ro', name: 'Ana Pop' }, expiresAt: expIn(3_600_000) * 1000 });
  });

  it('gives null for a blank name and an email that is not a string', () => {
    expect(readLoginToken(tokenOf({ sub: 'uid-ana', email: 7, name: '  ', exp: expIn(3_600_000) }))?.user).toEqual({ uid: 'uid-ana', email: null, name: null });
  });

  it.each([
    ['no token', null],
    ['an empty one', ''],
    ['no JWT at all', 'a.b.c'],
    ['a JWT without a subject', tokenOf({ exp: expIn(3_600_000) })],
    ['a JWT without an expiry', tokenOf({ sub: 'uid-ana' })],
    ['an expiry that is not a number', tokenOf({ sub: 'uid-ana', exp: 'soon' })],
  ])('refuses %s', (_, token) => {
    expect(readLoginToken(token)).toBeNull();
    expect(freshLoginToken(token, now)).toBeNull();
  });
});

describe('a login token fresh enough to use ahead of the auth SDK (one rule, browser and server)', () => {
  it('is one with at least LOGIN_TOKEN_MIN_VALIDITY_MS left', () => {
    expect(LOGIN_TOKEN_MIN_VALIDITY_MS).toBe(60_000);
    expect(freshLoginToken(tokenOf({ sub: 'uid-ana', exp: expIn(3_600_000) }), now)?.user.uid).toBe('uid-ana');
    expect(freshLoginToken(tokenOf({ sub: 'uid-ana', exp: expIn(LOGIN_TOKEN_MIN_VALIDITY_MS) }), now)?.user.uid).toBe('uid-ana');
  });

  it('is not one about to expire, or expired, though it still reads', () => {
    for (const left of [LOGIN_TOKEN_MIN_VALIDITY_MS - 1000, 10_000, -60_000]) {
      const token = tokenOf({ sub: 'uid-ana', exp: expIn(left) });
      expect(readLoginToken(token)?.user.uid).toBe('uid-ana');
      expect(freshLoginToken(token, now)).toBeNull();
    }
  });
});
