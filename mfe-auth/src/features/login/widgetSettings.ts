/** The sign-in widget's settings (docs/product.md, "Sign-in": no credential helper, popup flow). */
export const WIDGET = {
  requireDisplayName: true,
  /** FirebaseUI's own elements the page's email step hands over to. */
  selectors: {
    chooseEmail: 'button.firebaseui-idp-password',
    email: 'input.firebaseui-id-email',
    next: 'button.firebaseui-id-submit',
    nextStepField: 'input.firebaseui-id-password, input.firebaseui-id-name',
    /** What it says on a step: an error under a field, or its info bar (errors of no field). */
    messages: '.firebaseui-error, .firebaseui-info-bar-message',
    dismissInfoBar: '.firebaseui-id-dismiss-info-bar',
    /** Its email step (or the list of ways to sign in before it): the page's own step stands for them. */
    emailStep: '.firebaseui-id-page-sign-in, .firebaseui-id-page-provider-sign-in',
  },
} as const;
