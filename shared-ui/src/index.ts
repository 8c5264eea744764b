// The site's shared components (./components.ts), first: the shell's start evaluates them in a task
// of their own before the rest of shared-ui, and a styled component's class names follow the order
// in which the components are made, so the server makes them in the same order (else the page's
// rules are inserted again as it hydrates: e2e/tests/prerender.spec.ts).
export * from './components';
export { runtimeConfig, SOCIAL_NETWORKS, type RuntimeConfig, type SocialNetwork, type StripeConfig } from './runtimeConfig';
export { preferenceCookie, storage, STORAGE_KEYS } from './storage';
export { isVisitorId, VISITOR_ID } from './remotes/remotesDocument';
export { i18n, LOCALES, DEFAULT_LOCALE, SITE_TIME_ZONE, isLocale, languageQuery, setLocale, currentLocale, registerNamespace, type Locale } from './i18n/i18n';
export { nextLocale } from './i18n/locales';
export { themes, THEME_PREFERENCES, DEFAULT_THEME, isThemePreference, type ThemeName, type ThemePreference, type SiteTheme } from './theme/themes';
export { ThemeModeProvider, useThemeMode } from './theme/ThemeModeProvider';
export { SiteProviders } from './SiteProviders';
export * from './router';
export { mountLocalHost, type FeatureModules, type LocalPage } from './LocalHost';
export { StaticPart } from './hydration/StaticPart';
export { forgetStaticParts, keepStaticParts } from './hydration/staticParts';
export { LaterPart } from './hydration/LaterPart';
export { forgetLaterParts, holdLaterParts } from './hydration/laterParts';
export { plainFigures } from './theme/globalCss';
export { requestFocusAfterNavigation, findHashTarget, focusElement } from './navigationFocus';
export {
  createUserServiceClient,
  type AccountDataExport,
  type ContactMessage,
  type DeviceInfo,
  type LocalPlan,
  type LocalPortalState,
  type LocalPortalUpdate,
  type PortalFlow,
  type SubscriptionInfo,
  type UserInfo,
  type UserServiceClient,
  type UserServiceError,
  type TokenSource,
} from './api/userService';
// The forms' field limits, from the service's own (a file of constants: no server code reaches the browser).
export { CONTACT_FIELD_LIMITS, EMAIL_MAX_LENGTH } from '@site/contract/field-limits';
// The health beacons' contract, from the service's own schema (the shell sends them with sendBeacon, outside the client).
export type { TelemetryBatch, TelemetryEvent, TelemetrySummary } from '@site/service-user';
export type { Vital } from '@site/contract/telemetry';
export { TELEMETRY_MAX_EVENTS, VIEW_TOKEN_COOKIE } from '@site/contract/telemetry';
// The plans the account remote shows, as the service bills them.
export { FULL_PLAN_PRICE_LEI, TRIAL_DAYS, WITHDRAWAL_DAYS } from '@site/contract/plans';
// How long each kind of personal data is kept, as the service's sweep enforces it (the privacy notice states it).
export { RETENTION_DAYS, RETENTION_KINDS, type RetentionKind } from '@site/contract/retention';
export { runServiceCall, withTimeLimit, CALL_TIME_LIMIT_MS, SLOW_CALL_MS, type CallResult, type CallFailure, type ServiceCall, type SuccessBody } from './api/callResult';
export { createSiteQueryClient, userQueryKey, USER_SERVICE_QUERIES } from './api/queryClient';
export { handOverAnswers, adoptHandedOverAnswers, forgetHandedOverAnswers } from './api/handedOver';
export { SERVICE_READS, serviceRead, isServiceReadName, type ServiceReadName, type ServiceReadAnswer } from './api/serviceReads';
export { useServiceRead, useServiceAction, useTakingLonger, type CallState, type ActionState } from './api/useServiceCall';
export { useFormValidation, fieldProblem, EMAIL_PATTERN, type FieldProblem } from './forms/validation';
export { useSubmission } from './forms/useSubmission';
export {
  startSession,
  adoptServerSession,
  signOut,
  getIdToken,
  userService,
  useSession,
  useSignedInHint,
  ServerSignedInHint,
  onSessionEnd,
  confirmPassword,
  type SessionEndReason,
  type SessionState,
  type SessionStatus,
  type SessionUser,
} from './session/session';
export { loginNavigationState, loginReasonOf, loginSentFrom, type LoginNavigationState, type LoginReason } from './session/loginReason';
export { loadFirebaseAuth, type FirebaseApp, type FirebaseAuth, type LoadedFirebase } from './session/firebase';
export { LOGIN_COOKIE, hasLoginCookie } from './session/loginCookie';
