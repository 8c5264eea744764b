/** The sign-in widget's settings (spec section 9: no credential helper, popup flow). */
export const WIDGET = {
  requireDisplayName: true,
  /** FirebaseUI's own elements the email field hands over to. */
  selectors: {
    chooseEmail: 'button.firebaseui-idp-password',
    email: 'input.firebaseui-id-email',
    next: 'button.firebaseui-id-submit',
    nextStepField: 'input.firebaseui-id-password, input.firebaseui-id-name',
  },
} as const;
