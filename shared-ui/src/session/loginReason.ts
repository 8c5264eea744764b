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
}

export function loginNavigationState(reason: LoginReason): LoginNavigationState {
  return { reason };
}

/** The reason in a location's state, if it is one /login knows. */
export function loginReasonOf(state: unknown): LoginReason | null {
  const reason = (state as Partial<LoginNavigationState> | null)?.reason;
  return REASONS.includes(reason as LoginReason) ? (reason as LoginReason) : null;
}
