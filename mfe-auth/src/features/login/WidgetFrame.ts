// The sign-in form's frame: FirebaseUI's stylesheet (widgetStylesheet.ts links it) restyled to the
// site's look, for the page's own email step and FirebaseUI's steps alike (SignInWidget.tsx).
import styled from 'styled-components';

/**
 * The theme's colours a field of the widget's is drawn with: its border against its own fill and
 * the card around it (non-text contrast, 3:1 or better on either theme: WidgetFrame.test.ts).
 */
export const FIELD_COLOURS = { border: 'border', fill: 'background', card: 'surface', invalid: 'danger' } as const;

/**
 * FirebaseUI's card in the site's look: the theme in force (dark included), the site's type, its
 * focus ring, its contrast (7:1) and target sizes. Labels stand above their fields, clear of the
 * focus ring (MDL's floating label sits inside the field's top padding, where the ring would cross
 * it).
 */
export const WidgetFrame = styled.section`
  margin-bottom: 1.5rem;
  .firebaseui-container {
    max-width: 100%;
    margin: 0;
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color[FIELD_COLOURS.card]};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.layout.radius};
    box-shadow: none;
    font: inherit;
  }
  .firebaseui-card-header,
  .firebaseui-text,
  .firebaseui-label,
  .firebaseui-input,
  .firebaseui-title,
  .firebaseui-subtitle,
  .firebaseui-tos,
  .firebaseui-info-bar-message,
  .mdl-textfield__label {
    color: ${({ theme }) => theme.color.text};
    font-family: inherit;
  }
  .firebaseui-title {
    font-size: 1.375rem;
    font-weight: 700;
  }
  .firebaseui-info-bar {
    background: ${({ theme }) => theme.color.surfaceRaised};
    border-color: ${({ theme }) => theme.color.danger};
  }
  .firebaseui-error,
  .firebaseui-text-input-error {
    color: ${({ theme }) => theme.color.danger};
    font-size: 1rem;
    font-weight: 600;
    line-height: 1.4;
  }
  .firebaseui-link,
  .firebaseui-tos a,
  .firebaseui-info-bar-message a {
    color: ${({ theme }) => theme.color.link};
    text-decoration: underline;
  }
  .mdl-button {
    min-height: ${({ theme }) => theme.layout.minTarget};
    padding-inline: 1.25rem;
    border-radius: 0.5rem;
    font: inherit;
    font-size: 1rem;
    font-weight: 600;
    text-transform: none;
    letter-spacing: normal;
  }
  /* The step's buttons wrap onto the next line where they do not fit beside each other (320 CSS
     px, or high zoom; an English label is longer): FirebaseUI keeps them on one line (nowrap). */
  .firebaseui-form-actions {
    white-space: normal;
  }
  .firebaseui-form-actions .mdl-button {
    margin-block: 0.25rem;
    max-width: 100%;
    white-space: normal;
  }
  .mdl-button--raised.mdl-button--colored {
    background: ${({ theme }) => theme.color.accent};
    color: ${({ theme }) => theme.color.onAccent};
    box-shadow: none;
  }
  .mdl-button--primary.mdl-button--primary {
    color: ${({ theme }) => theme.color.link};
  }
  /* The field: the site's own (a 2 px border all round), its label above it. */
  .mdl-textfield {
    width: 100%;
    padding-top: 0;
  }
  .mdl-textfield__input {
    min-height: ${({ theme }) => theme.layout.minTarget};
    padding: 0.5rem 0.75rem;
    font: inherit;
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color[FIELD_COLOURS.fill]};
    border: 2px solid ${({ theme }) => theme.color[FIELD_COLOURS.border]};
    border-radius: 0.5rem;
  }
  .mdl-textfield__label::after {
    display: none;
  }
  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 3px;
  }
  /* Doubled class: above MDL's states (is-focused, is-dirty, is-invalid move the label into the
     field, shrink it to 12 px #757575 and remove the field's outline), loaded after this sheet. */
  && {
    .mdl-textfield--floating-label .mdl-textfield__label,
    .mdl-textfield--floating-label.is-focused .mdl-textfield__label,
    .mdl-textfield--floating-label.is-dirty .mdl-textfield__label,
    .mdl-textfield--floating-label.is-invalid .mdl-textfield__label {
      position: static;
      display: block;
      margin-bottom: 0.5rem;
      color: ${({ theme }) => theme.color.text};
      font-size: 1rem;
      font-weight: 600;
      transition: none;
      visibility: visible;
    }
    /* The widget's own border colours (rgba(0, 0, 0, 0.12), all but invisible on the dark theme,
       and #dd2c00 when invalid) are set on three classes: the site's, above them. */
    .firebaseui-textfield.mdl-textfield .firebaseui-input {
      border-color: ${({ theme }) => theme.color[FIELD_COLOURS.border]};
    }
    .mdl-textfield.is-invalid .mdl-textfield__input,
    .firebaseui-textfield-invalid.mdl-textfield .firebaseui-input,
    .firebaseui-input-invalid {
      border-color: ${({ theme }) => theme.color[FIELD_COLOURS.invalid]};
    }
    .mdl-textfield .mdl-textfield__input:focus {
      outline: 3px solid ${({ theme }) => theme.color.focus};
      outline-offset: 3px;
    }
    .firebaseui-input-toggle-on,
    .firebaseui-input-toggle-off {
      /* MDL's eye is a black image: drawn in the text's colour on either theme. */
      filter: ${({ theme }) => (theme.name === 'dark' ? 'invert(1)' : 'none')};
    }
    .firebaseui-id-password-toggle {
      min-width: 24px;
      min-height: 24px;
      cursor: pointer;
    }
    /* MDL's hover, focus and pressed states paint its own blue. */
    .mdl-button--raised.mdl-button--colored:hover,
    .mdl-button--raised.mdl-button--colored:focus:not(:active),
    .mdl-button--raised.mdl-button--colored:active {
      background: ${({ theme }) => theme.color.accent};
      color: ${({ theme }) => theme.color.onAccent};
    }
  }
  /* Under forced colours MDL's buttons lose their background and have no border: give them one. */
  @media (forced-colors: active) {
    .mdl-button {
      border: 2px solid ButtonText;
    }
  }
`;
