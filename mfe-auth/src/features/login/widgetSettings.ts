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
  /**
   * The widget's first step (its email step, FirebaseUI 6's markup and English words), drawn by
   * the page until FirebaseUI itself is loaded (SignInWidget.tsx). Its classes are FirebaseUI's,
   * so that its stylesheet and the site's styles draw it as the widget's own.
   */
  firstStep: {
    title: 'Sign in with email',
    emailLabel: 'Email',
    next: 'Next',
    classes: {
      card: 'mdl-card mdl-shadow--2dp firebaseui-container firebaseui-id-page-sign-in',
      header: 'firebaseui-card-header',
      title: 'firebaseui-title',
      content: 'firebaseui-card-content',
      wrapper: 'firebaseui-relative-wrapper',
      field: 'firebaseui-textfield mdl-textfield mdl-js-textfield mdl-textfield--floating-label is-upgraded',
      label: 'mdl-textfield__label firebaseui-label',
      input: 'mdl-textfield__input firebaseui-input firebaseui-id-email',
      actions: 'firebaseui-card-actions',
      formActions: 'firebaseui-form-actions',
      next: 'firebaseui-id-submit firebaseui-button mdl-button mdl-js-button mdl-button--raised mdl-button--colored',
    },
  },
} as const;
