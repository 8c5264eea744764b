import { createHmac, randomUUID } from 'node:crypto';
import { ANSWERS_CHANGED_COOKIE, ANSWERS_CHANGED_MAX_LENGTH } from '@site/shared-ui/login-cookie';
import { Hono } from 'hono';
import { answersChangedOf, isSignedVisitorId, signedVisitorId, visitorIdOf } from './visitor';

describe("a visitor's id", () => {
  it('is signed as it always was (HMAC-SHA256 of the id under a key derived from the secret): the ids already given stay valid', () => {
    const secret = 'a secret of this deployment, 40 characters long';
    const id = randomUUID();
    const key = createHmac('sha256', secret).update('visitor-id-key').digest();
    const expected = `${id}.${createHmac('sha256', key).update(id).digest('base64url').slice(0, 22)}`;
    expect(signedVisitorId(secret, id)).toBe(expected);
    expect(isSignedVisitorId(secret, expected)).toBe(true);
    // Another secret (another deployment, a rotated one), an altered id or signature: refused.
    expect(isSignedVisitorId('another secret of another deployment, as long', expected)).toBe(false);
    expect(isSignedVisitorId(secret, `${randomUUID()}${expected.slice(36)}`)).toBe(false);
    expect(isSignedVisitorId(secret, `${expected.slice(0, -1)}${expected.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    // And again under the first secret, once the other was used.
    expect(isSignedVisitorId(secret, expected)).toBe(true);
  });
});

describe("the browser's note of its own last change (answersChanged)", () => {
  const noteOf = async (cookie?: string) => {
    const app = new Hono().get('/', (c) => c.json({ note: answersChangedOf(c) }));
    return ((await (await app.request('/', cookie === undefined ? {} : { headers: { Cookie: cookie } })).json()) as { note: string | null }).note;
  };

  it('is read as the browser set it; none, or one longer than the browser ever sets, reads as none', async () => {
    expect(await noteOf(`${ANSWERS_CHANGED_COOKIE}=mj1abc2def`)).toBe('mj1abc2def');
    expect(await noteOf()).toBeNull();
    expect(await noteOf(`${ANSWERS_CHANGED_COOKIE}=`)).toBeNull();
    expect(await noteOf(`${ANSWERS_CHANGED_COOKIE}=${'x'.repeat(ANSWERS_CHANGED_MAX_LENGTH + 1)}`)).toBeNull();
  });
});

describe("a first visit's theme cookie", () => {
  /** The cookies a page's answer sets, for a request with these (the page asks for the visitor's cohort). */
  const setCookies = async (cookie?: string) => {
    const app = new Hono().get('/', (c) => c.text(visitorIdOf(c)));
    const response = await app.request('/', cookie === undefined ? {} : { headers: { Cookie: cookie } });
    return response.headers.getSetCookie();
  };
  const themeOf = (cookies: string[]) => cookies.find((cookie) => cookie.startsWith('theme='));

  it('is set in the default theme (a preference cookie) on a first visit, with the cohort id: the browser then reads no localStorage as its pages start', async () => {
    const first = await setCookies();
    expect(themeOf(first)).toBe('theme=dark; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(first.some((cookie) => cookie.startsWith('visitor-id='))).toBe(true);
    // A theme cookie that names no theme, on a first visit: the default instead.
    expect(themeOf(await setCookies('theme=purple'))).toBe('theme=dark; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('is not set for a browser that has been here (it may hold a theme in localStorage from before the cookie), nor for one that has it', async () => {
    // An id of its own, even one this server did not sign (a rotated secret): a new id, no theme.
    const returning = await setCookies('visitor-id=an-id-signed-by-another-secret');
    expect(returning.some((cookie) => cookie.startsWith('visitor-id='))).toBe(true);
    expect(themeOf(returning)).toBeUndefined();
    expect(themeOf(await setCookies('theme=light'))).toBeUndefined();
  });
});
