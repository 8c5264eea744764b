// The preview pinned in this browser (`pnpm release preview`; site-server/src/previewPins.ts): the
// site's server verified its signature when it set the cookie, and verifies it again at each page
// it draws; here it is only read, to load the same version and to say so (PreviewBanner.tsx). A
// cookie that is no pin, or has expired, pins nothing.
import { PREVIEW_COOKIE, REMOTE_NAMES, type PreviewPin, type RemoteName } from '@site/shared-ui/remotes-document';
import { decodeJwt } from 'jose';
import Cookies from 'js-cookie';

export function previewPin(now = Date.now()): PreviewPin | null {
  const token = Cookies.get(PREVIEW_COOKIE);
  if (!token) return null;
  try {
    const { r, v, m, i, exp } = decodeJwt(token) as { r?: unknown; v?: unknown; m?: unknown; i?: unknown; exp?: number };
    if (!REMOTE_NAMES.includes(r as RemoteName) || typeof v !== 'string' || typeof m !== 'string' || typeof exp !== 'number' || exp * 1000 <= now) return null;
    const integrity = i && typeof i === 'object' ? (i as PreviewPin['integrity']) : undefined;
    return { remote: r as RemoteName, version: v, manifest: m, ...(integrity ? { integrity } : {}), expiresAt: exp * 1000 };
  } catch {
    return null;
  }
}

/** Ends the preview in this browser: from the next page on, it gets the versions every visitor gets. */
export function endPreview(): void {
  Cookies.remove(PREVIEW_COOKIE, { path: '/' });
}
