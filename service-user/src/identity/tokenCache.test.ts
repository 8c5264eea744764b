import { UnsecuredJWT } from 'jose';
import { cacheVerifiedTokens } from './tokenCache';
import { InvalidTokenError, type VerifiedUser } from './verifyIdToken';

/** A wall clock the test moves by hand (milliseconds, as Date.now). */
function testClock(startMs = Date.UTC(2030, 0, 1)) {
  let nowMs = startMs;
  return { now: () => nowMs, advance: (ms: number) => void (nowMs += ms), seconds: () => Math.floor(nowMs / 1000) };
}

const tokenFor = (uid: string, exp: number) => new UnsecuredJWT({ sub: uid }).setExpirationTime(exp).encode();

/** A verifier that accepts every token as its subject's user and counts its calls. */
function countingVerifier() {
  const verify = jest.fn(async (token: string): Promise<VerifiedUser> => {
    const { payload } = UnsecuredJWT.decode(token);
    return { uid: payload.sub as string, email: null };
  });
  return verify;
}

it('serves a verified token from the cache until its exp, then verifies it again', async () => {
  const clock = testClock();
  const verify = countingVerifier();
  const cached = cacheVerifiedTokens(verify, { clock });
  const token = tokenFor('alice', clock.seconds() + 600);

  expect(await cached(token)).toEqual({ uid: 'alice', email: null });
  clock.advance(600_000);
  expect(await cached(token)).toEqual({ uid: 'alice', email: null });
  expect(verify).toHaveBeenCalledTimes(1);

  clock.advance(1);
  await cached(token);
  expect(verify).toHaveBeenCalledTimes(2);
});

it('verifies a different token afresh, even of the same user', async () => {
  const clock = testClock();
  const verify = countingVerifier();
  const cached = cacheVerifiedTokens(verify, { clock });

  expect(await cached(tokenFor('alice', clock.seconds() + 600))).toEqual({ uid: 'alice', email: null });
  expect(await cached(tokenFor('bob', clock.seconds() + 600))).toEqual({ uid: 'bob', email: null });
  await cached(tokenFor('alice', clock.seconds() + 601));
  expect(verify).toHaveBeenCalledTimes(3);
});

it('never remembers a refused token: each try is verified again', async () => {
  const clock = testClock();
  const token = tokenFor('mallory', clock.seconds() + 600);
  const verify = jest
    .fn<Promise<VerifiedUser>, [string]>()
    .mockRejectedValueOnce(new InvalidTokenError('token_invalid', 'bad signature'))
    .mockRejectedValueOnce(new InvalidTokenError('token_invalid', 'bad signature'))
    .mockResolvedValueOnce({ uid: 'mallory', email: null });
  const cached = cacheVerifiedTokens(verify, { clock });

  await expect(cached(token)).rejects.toThrow(InvalidTokenError);
  await expect(cached(token)).rejects.toThrow(InvalidTokenError);
  expect(await cached(token)).toEqual({ uid: 'mallory', email: null });
  expect(verify).toHaveBeenCalledTimes(3);
});

it('does not remember a token whose exp has already passed when it is verified', async () => {
  const clock = testClock();
  const verify = countingVerifier();
  const cached = cacheVerifiedTokens(verify, { clock });
  // The verifier's clock tolerance may still accept it; the cache adds no time of its own.
  const token = tokenFor('alice', clock.seconds() - 1);

  await cached(token);
  await cached(token);
  expect(verify).toHaveBeenCalledTimes(2);
});

it('holds at most maxEntries tokens, forgetting the least recently used', async () => {
  const clock = testClock();
  const verify = countingVerifier();
  const cached = cacheVerifiedTokens(verify, { clock, maxEntries: 2 });
  const [a, b, c] = ['a', 'b', 'c'].map((uid) => tokenFor(uid, clock.seconds() + 600)) as [string, string, string];

  await cached(a);
  await cached(b);
  await cached(a);
  await cached(c);
  expect(verify).toHaveBeenCalledTimes(3);
  await cached(a);
  expect(verify).toHaveBeenCalledTimes(3);
  await cached(b);
  expect(verify).toHaveBeenCalledTimes(4);
});
