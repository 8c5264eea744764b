import { LoadingStatus, themes, useTranslation, VisuallyHidden } from '@site/shared-ui';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import styled, { css } from 'styled-components';
import { followWidget, holdFocusUntilDrawn } from './widgetAccessibility';

/**
 * FirebaseUI's styles, brought to the site's contrast (7:1) and target sizes: its card keeps a
 * light surface in both themes, so it is coloured with the light theme's tokens.
 */
const light = themes.light.color;

/**
 * The space the widget's first step takes, kept from the first paint (while the session and the
 * widget load), so that nothing below it moves when it is drawn (CLS 0).
 */
const widgetSpace = css`
  position: relative;
  min-height: 16rem;
  > [role='status'] {
    position: absolute;
    inset: 0 auto auto 0;
    margin: 0;
  }
`;
export const WidgetSpace = styled.div`
  ${widgetSpace}
`;

const Frame = styled.section`
  ${widgetSpace}
  .firebaseui-container {
    max-width: 100%;
    color: ${light.text};
    background: ${light.background};
    border-radius: ${({ theme }) => theme.layout.radius};
    font-family: inherit;
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
    color: ${light.text};
  }
  .firebaseui-error,
  .firebaseui-text-input-error {
    color: ${light.danger};
  }
  .firebaseui-link,
  .firebaseui-tos a {
    color: ${light.link};
    text-decoration: underline;
  }
  .mdl-button {
    min-height: ${({ theme }) => theme.layout.minTarget};
    font-family: inherit;
  }
  .mdl-button--raised.mdl-button--colored {
    background: ${light.accent};
    color: ${light.onAccent};
  }
  .mdl-button--primary.mdl-button--primary {
    color: ${light.link};
  }
  .firebaseui-idp-password,
  .firebaseui-idp-password:hover {
    background-color: ${light.danger};
  }
  .firebaseui-idp-text {
    color: ${light.onAccent};
  }
  .mdl-textfield__input {
    border-bottom-color: ${light.border};
  }
  /* Labels stay above their fields (no floating label that moves when the widget focuses its
     field, which also shifted the page), and focus is our outline, not MDL's growing underline. */
  .mdl-textfield--floating-label .mdl-textfield__label {
    top: 4px;
    font-size: 0.875rem;
    transition: none;
  }
  .mdl-textfield__label::after {
    display: none;
  }
  :focus-visible {
    outline: 3px solid ${light.focus};
    outline-offset: 2px;
  }
  /* Doubled class: above MDL's states (is-focused, is-dirty, is-invalid shrink the label to 12 px
     #757575 and remove the field's outline), loaded after this sheet. */
  && {
    .mdl-textfield--floating-label .mdl-textfield__label,
    .mdl-textfield--floating-label.is-focused .mdl-textfield__label,
    .mdl-textfield--floating-label.is-dirty .mdl-textfield__label,
    .mdl-textfield--floating-label.is-invalid .mdl-textfield__label {
      color: ${light.text};
      font-size: 0.875rem;
      top: 4px;
      visibility: visible;
    }
    .mdl-textfield .mdl-textfield__input:focus {
      outline: 3px solid ${light.focus};
      outline-offset: 2px;
    }
    .firebaseui-id-password-toggle {
      min-width: 24px;
      min-height: 24px;
      cursor: pointer;
    }
    /* MDL's hover, focus and pressed states paint its own blue (#3f51b5: 6.9:1 with white). */
    .mdl-button--raised.mdl-button--colored:hover,
    .mdl-button--raised.mdl-button--colored:focus:not(:active),
    .mdl-button--raised.mdl-button--colored:active {
      background: ${light.accent};
      color: ${light.onAccent};
    }
  }
  /* Under forced colours MDL's buttons lose their background and have no border: give them one. */
  @media (forced-colors: active) {
    .mdl-button {
      border: 2px solid ButtonText;
    }
  }
`;

/** The widget's container: English only, so it says so (lang="en"). */
export const SignInWidget = forwardRef<HTMLDivElement | null>(function SignInWidget(_props, ref) {
  const { t } = useTranslation('auth');
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [announcement, setAnnouncement] = useState('');
  useImperativeHandle(ref, () => container.current!, []);

  // What the widget's markup does not say (its errors, its titles, its toggle), followed from
  // outside; a repeated error is said again (a trailing no-break space changes the region).
  useEffect(() => {
    const root = container.current!;
    const stopHolding = holdFocusUntilDrawn(root);
    const stopFollowing = followWidget(root, (text) => setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text)));
    return () => {
      stopHolding();
      stopFollowing();
    };
  }, []);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let current = true;
    import(/* webpackChunkName: "firebaseui" */ './widget')
      .then(({ startWidget }) => startWidget(container.current!))
      .then((stopWidget) => {
        if (current) {
          stop = stopWidget;
          setState('ready');
        } else stopWidget();
      })
      .catch(() => current && setState('failed'));
    return () => {
      current = false;
      stop?.();
    };
  }, []);

  return (
    <Frame aria-label={t('login.widgetLabel')}>
      {state === 'loading' && <LoadingStatus label={t('login.widgetLoading')} />}
      {state === 'failed' && <p role="alert">{t('login.widgetFailed')}</p>}
      <div ref={container} lang="en" />
      <VisuallyHidden role="alert" lang="en">
        {announcement}
      </VisuallyHidden>
    </Frame>
  );
});
