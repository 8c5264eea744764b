import { LoadingStatus, themes, useTranslation } from '@site/shared-ui';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import styled, { css } from 'styled-components';

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
  > [role='status'] { position: absolute; inset: 0 auto auto 0; margin: 0; }
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
  .firebaseui-card-header, .firebaseui-text, .firebaseui-label, .firebaseui-input, .firebaseui-title,
  .firebaseui-subtitle, .firebaseui-tos, .firebaseui-info-bar-message, .mdl-textfield__label {
    color: ${light.text};
  }
  .firebaseui-error, .firebaseui-text-input-error { color: ${light.danger}; }
  .firebaseui-link, .firebaseui-tos a { color: ${light.link}; text-decoration: underline; }
  .mdl-button { min-height: ${({ theme }) => theme.layout.minTarget}; font-family: inherit; }
  .mdl-button--raised.mdl-button--colored { background: ${light.accent}; color: ${light.onAccent}; }
  .mdl-button--primary.mdl-button--primary { color: ${light.link}; }
  .firebaseui-idp-password, .firebaseui-idp-password:hover { background-color: ${light.danger}; }
  .firebaseui-idp-text { color: ${light.onAccent}; }
  .mdl-textfield__input { border-bottom-color: ${light.border}; }
  /* Labels stay above their fields (no floating label that moves when the widget focuses its
     field, which also shifted the page), and focus is our outline, not MDL's growing underline. */
  .mdl-textfield--floating-label .mdl-textfield__label { top: 4px; font-size: 0.875rem; transition: none; }
  .mdl-textfield__label::after { display: none; }
  :focus-visible { outline: 3px solid ${light.focus}; outline-offset: 2px; }
`;

/** The widget's container: English only, so it says so (lang="en"). */
export const SignInWidget = forwardRef<HTMLDivElement | null>(function SignInWidget(_props, ref) {
  const { t } = useTranslation('auth');
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useImperativeHandle(ref, () => container.current!, []);

  // FirebaseUI titles each step with an h1; the page has its own, so each is made an h2 (the
  // widget renders every step afresh and keeps no reference to its title).
  useEffect(() => {
    const root = container.current!;
    const demote = () => {
      for (const title of root.querySelectorAll('h1')) {
        const h2 = document.createElement('h2');
        h2.className = title.className;
        h2.append(...title.childNodes);
        title.replaceWith(h2);
      }
    };
    const observer = new MutationObserver(demote);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
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
    </Frame>
  );
});
