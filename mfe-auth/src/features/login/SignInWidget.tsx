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
 * place; failed: FirebaseUI could not be loaded (said in an alert; the first step stays, and the
 * visitor's next act tries again).
 */
type Phase = 'styling' | 'firstStep' | 'ready' | 'failed';

/** FirebaseUI's container (out of the page until drawn), its start and its stop; gone: the page has left. */
interface LoadedWidget {
  root: HTMLDivElement;
  started: Promise<HTMLElement> | null;
  stop: (() => void) | null;
  gone: boolean;
}

/** Where the focus was when FirebaseUI took over: the first step's field or button, nowhere, or elsewhere on the page. */
type FirstStepFocus = 'field' | 'next' | 'none' | 'elsewhere';

const { selectors, firstStep } = WIDGET;
const FIRST_STEP_EMAIL_ID = 'sign-in-first-step-email';

/**
 * The sign-in widget, English only (lang="en"). Until the visitor acts on the sign-in, the page
 * draws the widget's first step itself (its email step, with FirebaseUI's markup and stylesheet:
 * it looks and reads as the widget's own), and FirebaseUI, its largest script, is not loaded: a
 * visitor who reads the page, or signs in with the page's own field, runs none of it before they
 * act. The visitor acting on it (hovering, touching or focusing it, typing in it, or the page's
 * own form: `start`) loads FirebaseUI into a container outside the page; once its email step is
 * drawn there, and the visitor is not typing in the first step's field (until it loses focus or is
 * submitted), it takes the first step's place in one task, with what was typed and the focus; a
 * step submitted meanwhile is submitted to it.
 */
export const SignInWidget = forwardRef<SignInWidgetHandle | null>(function SignInWidget(_props, ref) {
  const { t } = useTranslation('auth');
  const slot = useRef<HTMLDivElement>(null);
  const firstEmail = useRef<HTMLInputElement>(null);
  const submitted = useRef(false);
  /** Until a pointer pressed on the first step is released (and its click dispatched). */
  const pressing = useRef<Promise<void> | null>(null);
  const widget = useRef<LoadedWidget | null>(null);
  const [phase, setPhase] = useState<Phase>('styling');
  const [waiting, setWaiting] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  /** The container and its state, made on first need (by the effect below, or a start asked for before it ran). */
  const ensureWidget = () => (widget.current ??= { root: document.createElement('div'), started: null, stop: null, gone: false });

  // The container FirebaseUI draws in, kept out of the page until its first step is drawn: what
  // the widget's markup does not say (its errors, titles, toggle) is followed from outside, and a
  // repeated error is said again (a trailing no-break space changes the region).
  useEffect(() => {
    const current = ensureWidget();
    const { root } = current;
    const stopHolding = holdFocusUntilDrawn(root);
    const stopFollowing = followWidget(root, (text) => setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text)));
    void linkStylesheet().then(() => !current.gone && setPhase((now) => (now === 'styling' ? 'firstStep' : now)));
    return () => {
      current.gone = true;
      current.stop?.();
      stopHolding();
      stopFollowing();
      root.remove();
      if (widget.current === current) widget.current = null;
    };
  }, []);

  const start = useCallback((): Promise<HTMLElement> => {
    const current = ensureWidget();
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
        // A press on the first step ends first, so that its click lands where it was pressed; and
        // the field is never swapped while the visitor types in it (a phone's keyboard, or a screen
        // reader's place, would be lost): only once it loses focus, or its step is submitted.
        await pressing.current;
        if (!submitted.current) await untilNotTyping(firstEmail.current);
        if (current.gone) throw new Error('the sign-in page has gone');
        // What the visitor did on the first step, read and handed over in this one task.
        const input = firstEmail.current;
        const active = document.activeElement;
        const focused: FirstStepFocus = active === input ? 'field' : input?.form?.contains(active) ? 'next' : !active || active === document.body ? 'none' : 'elsewhere';
        const typed = input ? { value: input.value, focused } : null;
        flushSync(() => setPhase('ready'));
        slot.current!.append(current.root);
        handOver(current.root, typed, submitted.current);
        return current.root;
      })
      .catch((error: unknown) => {
        // Said in an alert; the first step stays, with what was typed, and the next act tries again.
        current.started = null;
        if (!current.gone) setPhase('failed');
        throw error;
      });
    return current.started;
  }, []);
  useImperativeHandle(ref, () => ({ start }), [start]);

  const startOnIntent = () => void start().catch(() => {});
  const onPointerDown = () => {
    pressing.current ??= new Promise<void>((resolve) => {
      const released = () => {
        window.removeEventListener('pointerup', released, true);
        window.removeEventListener('pointercancel', released, true);
        setTimeout(() => {
          pressing.current = null;
          resolve();
        }, 0);
      };
      window.addEventListener('pointerup', released, true);
      window.addEventListener('pointercancel', released, true);
    });
    startOnIntent();
  };
  const shown = phase === 'firstStep' || phase === 'failed';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    setWaiting(true);
    startOnIntent();
  };

  return (
    <Frame aria-label={t('login.widgetLabel')} onPointerEnter={shown ? startOnIntent : undefined}>
      {phase === 'styling' && <LoadingStatus label={t('login.widgetLoading')} />}
      {phase === 'failed' && <p role="alert">{t('login.widgetFailed')}</p>}
      <div lang="en">
        {shown && (
          <div className={firstStep.classes.card} onFocus={startOnIntent} onPointerDown={onPointerDown}>
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
      {shown && <VisuallyHidden role="status">{waiting && phase === 'firstStep' ? t('login.widgetLoading') : ''}</VisuallyHidden>}
      <VisuallyHidden role="alert" lang="en">
        {announcement}
      </VisuallyHidden>
    </Frame>
  );
});

/** Resolves at once where `field` does not have focus; else once it loses it, or its form is submitted (the next task). */
function untilNotTyping(field: HTMLInputElement | null): Promise<void> {
  if (!field || document.activeElement !== field) return Promise.resolve();
  return new Promise((resolve) => {
    const form = field.form;
    const done = () => {
      field.removeEventListener('blur', done);
      form?.removeEventListener('submit', done);
      // Once the focus has landed where it goes, and the submission has been taken.
      setTimeout(resolve, 0);
    };
    field.addEventListener('blur', done);
    form?.addEventListener('submit', done);
  });
}

/**
 * FirebaseUI's email step, taking over from the first step: the address typed so far; the focus,
 * on its field or its button as it was on the first step's (the caret then at the end of the
 * address: an email field has no selection to carry); and, when the first step was submitted,
 * that submission (FirebaseUI then says what is wrong with the address, or goes on to its next
 * step), from its field, unless the visitor has moved on elsewhere meanwhile.
 */
function handOver(root: HTMLElement, typed: { value: string; focused: FirstStepFocus } | null, submit: boolean) {
  const field = root.querySelector<HTMLInputElement>(selectors.email);
  if (!field) return;
  if (typed?.value) {
    field.value = typed.value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
  const focused = typed?.focused ?? 'none';
  // A submission's answer is at the field (FirebaseUI's error there, or its next step, focused by
  // carryEmailIntoWidget); otherwise the focus goes where it was on the first step, if it was there.
  const focus = focused === 'elsewhere' ? null : submit || focused === 'field' ? field : focused === 'next' ? root.querySelector<HTMLElement>(selectors.next) : null;
  if (focus) {
    // Drawn a moment ago: the container still holds focus off until its next task (holdFocusUntilDrawn).
    root.removeAttribute('inert');
    focus.focus();
  }
  if (submit) void carryEmailIntoWidget(root, field.value);
}
