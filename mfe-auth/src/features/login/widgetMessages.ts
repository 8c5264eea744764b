/**
 * FirebaseUI's English messages in the email sign-in flow (firebaseui 6's own words), by the key
 * of what the site says instead (`login.widgetMessages.<key>` in the auth strings): the widget
 * ships no language but English, so what it tells the visitor is said, and shown, in the page's
 * language (its other texts: widgetTexts.ts). A message not listed here is said as the widget
 * wrote it, marked as English.
 */
export const WIDGET_MESSAGES = {
  'Enter your email address to continue': 'emailRequired',
  "That email address isn't correct": 'emailInvalid',
  'Enter your password': 'passwordRequired',
  'Enter your account name': 'nameRequired',
  "The email and password you entered don't match": 'wrongPassword',
  'Strong passwords have at least 6 characters and a mix of letters and numbers': 'weakPassword',
  'The email address is already used by another account': 'emailInUse',
  'You have entered an incorrect password too many times. Please try again in a few minutes.': 'tooManyAttempts',
  'Too many account requests are coming from your IP address. Try again in a few minutes.': 'tooManyAccounts',
  'A network error has occurred': 'network',
  'A network error has occurred. Try again later.': 'network',
  "That email address doesn't match an existing account": 'noAccount',
  'Unable to send password reset code to specified email': 'resetFailed',
  'The user account has been disabled by an administrator.': 'disabled',
  'Your sign-in session has expired. Please try again.': 'expired',
  'Something went wrong. Please try again.': 'unknown',
} as const;

export type WidgetMessageKey = (typeof WIDGET_MESSAGES)[keyof typeof WIDGET_MESSAGES];

/** The key of a FirebaseUI message the site translates, or null. */
export function widgetMessageKey(text: string): WidgetMessageKey | null {
  return Object.hasOwn(WIDGET_MESSAGES, text) ? WIDGET_MESSAGES[text as keyof typeof WIDGET_MESSAGES] : null;
}

/** What is said for a widget's message: its translation in the page's language, or its own English words. */
export interface Said {
  text: string;
  /** "en" when the widget's own words are said (no translation): a screen reader reads them in English. */
  lang?: 'en';
}
