/**
 * FirebaseUI's own English words on the steps of the email sign-in (firebaseui 6 ships no other
 * language): its titles, labels, buttons, links and hints, as the widget's text shows them (an
 * ampersand unescaped), by the key of what the site says instead (`login.widgetTexts.<key>` in the
 * auth strings). widgetAccessibility.ts puts them in the page's language as the widget draws each
 * step; its messages (errors) are widgetMessages.ts's. A hint the widget writes around the address
 * it names ("Follow the instructions sent to <address> to recover your password") is two texts,
 * each translated on its own, so the translation keeps the address where it stands.
 *
 * The unit test reads each of these words in the installed FirebaseUI: one it no longer writes fails.
 */
export const WIDGET_TEXTS = {
  // The steps' titles (h1, made h2 by widgetAccessibility.ts).
  'Sign in with email': 'emailTitle',
  'Sign in': 'passwordTitle',
  'Create account': 'signUpTitle',
  'Recover password': 'recoverTitle',
  'Check your email': 'recoverSentTitle',
  'You already have an account': 'existingAccount',
  // The fields' labels.
  Email: 'emailLabel',
  Password: 'passwordLabel',
  'Choose password': 'newPasswordLabel',
  'First & last name': 'nameLabel',
  // Its buttons and links.
  Next: 'next',
  'Sign In': 'signIn',
  Save: 'createAccount',
  Cancel: 'cancel',
  Send: 'send',
  Done: 'done',
  Continue: 'continue',
  'Trouble signing in?': 'troubleSigningIn',
  Dismiss: 'dismiss',
  // Its hints.
  'Get instructions sent to this email that explain how to reset your password': 'recoverHint',
  'Follow the instructions sent to': 'recoverSentBefore',
  'to recover your password': 'recoverSentAfter',
} as const;

export type WidgetTextKey = (typeof WIDGET_TEXTS)[keyof typeof WIDGET_TEXTS];

/** The key of one of FirebaseUI's texts the site translates (its exact words, space around them aside), or null. */
export function widgetTextKey(text: string): WidgetTextKey | null {
  const words = text.trim();
  return Object.hasOwn(WIDGET_TEXTS, words) ? WIDGET_TEXTS[words as keyof typeof WIDGET_TEXTS] : null;
}
