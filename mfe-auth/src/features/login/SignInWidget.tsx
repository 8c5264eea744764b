import { LoadingStatus, themes, useTranslation, VisuallyHidden } from '@site/shared-ui';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import styled, { css } from 'styled-components';
import { carryEmailIntoWidget, whenElement } from './carryEmail';
import { followWidget, holdFocusUntilDrawn } from './widgetAccessibility';
import { WIDGET } from './widgetSettings';
import { linkStylesheet } from './widgetStylesheet';

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

/** What the page's own sign-in form asks of the widget. */
export interface SignInWidgetHandle {
  /**
   * Loads FirebaseUI (once) and draws it in place of the first step; resolves with its container
   * once it is there, for the page's email to be handed over (carryEmail.ts).
   */
  start(): Promise<HTMLElement>;
}

/**
 * styling: the widget's stylesheet is on its way (its space says "loading"); firstStep: the
 * widget's first step, drawn by the page, FirebaseUI not loaded; ready: FirebaseUI drawn in its
 * place; failed: FirebaseUI could not be loaded.
 */
type Phase = 'styling' | 'firstStep' | 'ready' | 'failed';

/** FirebaseUI's container (out of the page until drawn), its start and its stop; gone: the page has left. */
interface LoadedWidget {
  root: HTMLDivElement;
  started: Promise<HTMLElement> | null;
  stop: (() => void) | null;
  gone: boolean;
}

const { selectors, firstStep } = WIDGET;
const FIRST_STEP_EMAIL_ID = 'sign-in-first-step-email';

/**
 * The sign-in widget, English only (lang="en"). Until the visitor acts on the sign-in, the page
 * draws the widget's first step itself (its email step, with FirebaseUI's markup and stylesheet:
 * it looks and reads as the widget's own), and FirebaseUI, its largest script, is not loaded: a
 * visitor who reads the page, or signs in with the page's own field, runs none of it before they
 * act. The visitor acting on it (hovering, touching or focusing it, typing in it, or the page's
 * own form: `start`) loads FirebaseUI into a container outside the page; once its email step is
 * drawn there, it takes the first step's place in the same task (no keystroke between), with what
 * was typed and the focus; a step submitted meanwhile is submitted to it.
 */
export const SignInWidget = forwardRef<SignInWidgetHandle | null>(function SignInWidget(_props, ref) {
  const { t } = useTranslation('auth');
  const slot = useRef<HTMLDivElement>(null);
  const firstEmail = useRef<HTMLInputElement>(null);
  const submitted = useRef(false);
  const widget = useRef<LoadedWidget | null>(null);
  const [phase, setPhase] = useState<Phase>('styling');
  const [waiting, setWaiting] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  // The container FirebaseUI draws in, kept out of the page until its first step is drawn: what
  // the widget's markup does not say (its errors, titles, toggle) is followed from outside, and a
  // repeated error is said again (a trailing no-break space changes the region).
  useEffect(() => {
    const root = document.createElement('div');
    const current: LoadedWidget = { root, started: null, stop: null, gone: false };
    widget.current = current;
    const stopHolding = holdFocusUntilDrawn(root);
    const stopFollowing = followWidget(root, (text) => setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text)));
    void linkStylesheet().then(() => !current.gone && setPhase((now) => (now === 'styling' ? 'firstStep' : now)));
    return () => {
      current.gone = true;
      current.stop?.();
      stopHolding();
      stopFollowing();
      root.remove();
    };
  }, []);

  const start = useCallback((): Promise<HTMLElement> => {
    const current = widget.current;
    if (!current) return Promise.reject(new Error('the sign-in widget is not on the page'));
    current.started ??= import(/* webpackChunkName: "firebaseui" */ './widget')
      .then(({ startWidget }) => {
        if (current.gone) throw new Error('the sign-in page has gone');
        return startWidget(current.root);
      })
      .then(async (stop) => {
        if (current.gone) {
          stop();
          throw new Error('the sign-in page has gone');
        }
        current.stop = stop;
        await whenElement(current.root, selectors.email);
        if (current.gone) throw new Error('the sign-in page has gone');
        // What the visitor did on the first step, read and handed over in this one task.
        const input = firstEmail.current;
        const focused = !input ? null : document.activeElement === input ? 'field' : input.form?.contains(document.activeElement) ? 'next' : null;
        const typed = input ? { value: input.value, focused } : null;
        flushSync(() => setPhase('ready'));
        slot.current!.append(current.root);
        handOver(current.root, typed, submitted.current);
        return current.root;
      })
      .catch((error: unknown) => {
        if (!current.gone) setPhase('failed');
        throw error;
      });
    return current.started;
  }, []);
  useImperativeHandle(ref, () => ({ start }), [start]);

  const startOnIntent = () => void start().catch(() => {});
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    setWaiting(true);
    startOnIntent();
  };

  return (
    <Frame aria-label={t('login.widgetLabel')} onPointerEnter={phase === 'firstStep' ? startOnIntent : undefined}>
      {phase === 'styling' && <LoadingStatus label={t('login.widgetLoading')} />}
      {phase === 'failed' && <p role="alert">{t('login.widgetFailed')}</p>}
      <div lang="en">
        {phase === 'firstStep' && (
          <div className={firstStep.classes.card} onFocus={startOnIntent} onPointerDown={startOnIntent}>
            <form noValidate onSubmit={onSubmit}>
              <div className={firstStep.classes.header}>
                <h2 className={firstStep.classes.title}>{firstStep.title}</h2>
              </div>
              <div className={firstStep.classes.content}>
                <div className={firstStep.classes.wrapper}>
                  <div className={firstStep.classes.field}>
                    <label className={firstStep.classes.label} htmlFor={FIRST_STEP_EMAIL_ID}>
                      {firstStep.emailLabel}
                    </label>
                    <input ref={firstEmail} type="email" name="email" id={FIRST_STEP_EMAIL_ID} autoComplete="username" className={firstStep.classes.input} />
                  </div>
                </div>
              </div>
              <div className={firstStep.classes.actions}>
                <div className={firstStep.classes.formActions}>
                  <button type="submit" className={firstStep.classes.next}>
                    {firstStep.next}
                  </button>
                </div>
              </div>
            </form>
          </div>
        )}
        <div ref={slot} />
      </div>
      {phase === 'firstStep' && <VisuallyHidden role="status">{waiting ? t('login.widgetLoading') : ''}</VisuallyHidden>}
      <VisuallyHidden role="alert" lang="en">
        {announcement}
      </VisuallyHidden>
    </Frame>
  );
});

/**
 * FirebaseUI's email step, taking over from the first step: the address typed so far; the focus,
 * on its field or its button as it was on the first step's (the caret then at the end of the
 * address: an email field has no selection to carry); and, when the first step was submitted,
 * that submission (FirebaseUI then says what is wrong with the address, or goes on to its next
 * step), from its field.
 */
function handOver(root: HTMLElement, typed: { value: string; focused: 'field' | 'next' | null } | null, submit: boolean) {
  const field = root.querySelector<HTMLInputElement>(selectors.email);
  if (!field) return;
  if (typed?.value) {
    field.value = typed.value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
  const focus = submit ? field : typed?.focused === 'field' ? field : typed?.focused === 'next' ? root.querySelector<HTMLElement>(selectors.next) : null;
  if (!focus) return;
  // Drawn a moment ago: the container still holds focus off until its next task (holdFocusUntilDrawn).
  root.removeAttribute('inert');
  focus.focus();
  if (submit) void carryEmailIntoWidget(root, field.value);
}
