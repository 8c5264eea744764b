import { loginCookieToken } from '@site/shared-ui/session-cookie';
import { decodeJwt } from 'jose';

/** Whose ID token the login cookie holds now (its subject, decoded: the service verifies tokens), or null. */
export function loginCookieSubject(): string | null {
  const token = loginCookieToken();
  if (!token) return null;
  try {
    return decodeJwt(token).sub ?? null;
  } catch {
    return null;
  }
}
