import Cookies from 'js-cookie';
import { SERVICE_READS } from '../api/serviceReads';
import { isRead, notingChanges } from './answersChanged';
import { ANSWERS_CHANGED_COOKIE, LOGIN_COOKIE } from './loginCookieName';
import { removeLoginCookie, setLoginCookie } from './loginCookie';

const SERVICE = 'http://127.0.0.1:8787';
// jsdom has no Response: what the client reads of one.
const answer = (status: number, body: unknown = {}) => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response;
const answering = (status: number) => jest.fn(async () => answer(status));
const note = () => Cookies.get(ANSWERS_CHANGED_COOKIE);

afterEach(() => Cookies.remove(ANSWERS_CHANGED_COOKIE, { path: '/' }));

describe("the signed-in user's calls, noted for the site's server when they may have changed a signed-in page", () => {
  it('notes every call answered with success but the reads, with a new value each time', async () => {
    const calls = notingChanges(answering(200));
    await calls(`${SERVICE}/reset-linked-device`, { method: 'POST' });
    const first = note();
    expect(first).toMatch(/^[a-z0-9]{8,32}$/);
    await calls(new URL(`${SERVICE}/local-billing/checkout`), { method: 'POST' });
    expect(note()).not.toBe(first);
    expect(note()!.length).toBeLessThanOrEqual(32);
  });

  it('notes nothing for a read (every read of SERVICE_READS, wherever the service is mounted), nor for a call that failed', async () => {
    for (const read of Object.keys(SERVICE_READS)) {
      expect(isRead(`${SERVICE}/${read}`)).toBe(true);
      expect(isRead(`https://api.example/v1/${read}?x=1`)).toBe(true);
      await notingChanges(answering(200))(`${SERVICE}/${read}`, { method: 'POST' });
    }
    expect(note()).toBeUndefined();
    await notingChanges(answering(409))(`${SERVICE}/link-device`, { method: 'POST' });
    await notingChanges(answering(503))({ url: `${SERVICE}/reset-linked-device` } as Request);
    expect(note()).toBeUndefined();
    expect(isRead(`${SERVICE}/get-user-info-and-more`)).toBe(false);
  });

  it('answers what the call answered, untouched', async () => {
    const response = await notingChanges(async () => answer(200, { deviceId: null }))(`${SERVICE}/reset-linked-device`);
    expect(await response.json()).toEqual({ deviceId: null });
  });

  it('is gone with the login cookie (signing out)', async () => {
    setLoginCookie('token');
    await notingChanges(answering(200))(`${SERVICE}/reset-linked-device`);
    expect(note()).toBeDefined();
    removeLoginCookie();
    expect(Cookies.get(LOGIN_COOKIE)).toBeUndefined();
    expect(note()).toBeUndefined();
  });
});
