import type { SessionEndReason } from './session';

/**
 * Why a visitor was sent to /login, which the page says in a status message: a session that
 * ended (signed out, account deleted, could not go on), or a guarded page visited signed out.
 * Carried in the navigation's state, so the address stays /login.
 */
export type LoginReason = SessionEndReason | 'signInRequired';
const REASONS: readonly LoginReason[] = ['signedOut', 'deleted', 'sessionEnded', 'signInRequired'];

export interface LoginNavigationState {
  reason: LoginReason;
  /** The guarded page the visitor asked for (/pricing: the sign-in page shows the plans). */
  from?: string;
}

export function loginNavigationState(reason: LoginReason, from?: string): LoginNavigationState {
  return from ? { reason, from } : { reason };
}

/** The guarded page a visitor was sent to /login from, if the navigation's state says one. */
export function loginSentFrom(state: unknown): string | null {
  const from = (state as Partial<LoginNavigationState> | null)?.from;
  return typeof from === 'string' && from.startsWith('/') ? from : null;
}

/** The reason in a location's state, if it is one /login knows. */
export function loginReasonOf(state: unknown): LoginReason | null {
  const reason = (state as Partial<LoginNavigationState> | null)?.reason;
  return REASONS.includes(reason as LoginReason) ? (reason as LoginReason) : null;
}
