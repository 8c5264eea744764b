import { Button, EMAIL_PATTERN, RefusalAnnouncement, TextField, useFormValidation, useTranslation, VisuallyHidden } from '@site/shared-ui';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import styled from 'styled-components';
import { carryEmailIntoWidget, whenElement } from './carryEmail';
import { followWidget, type Translate } from './widgetAccessibility';
import { widgetMessageKey, type Said } from './widgetMessages';
import { WIDGET } from './widgetSettings';

/**
 * FirebaseUI's card in the site's look: the theme in force (dark included), the site's type, its
 * focus ring, its contrast (7:1) and target sizes. Labels stand above their fields, clear of the
 * focus ring (MDL's floating label sits inside the field's top padding, where the ring would cross
 * it).
 */
const Frame = styled.section`
  margin-bottom: 1.5rem;
  .firebaseui-container {
    max-width: 100%;
    margin: 0;
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.surface};
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
    background: ${({ theme }) => theme.color.background};
    border: 2px solid ${({ theme }) => theme.color.border};
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
    .mdl-textfield.is-invalid .mdl-textfield__input,
    .firebaseui-input-invalid {
      border-color: ${({ theme }) => theme.color.danger};
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

/**
 * own: the page's email step is what the visitor sees (FirebaseUI, if loaded, waits out of sight);
 * handing: that step was submitted and FirebaseUI is loading or answering it; widget: FirebaseUI
 * shows its next step (password, new account, recovery) in the page's step's place.
 */
type Phase = 'own' | 'handing' | 'widget';

/** FirebaseUI's container (out of sight until it shows its next step), its start and its stop; gone: the page has left. */
interface LoadedWidget {
  root: HTMLDivElement;
  started: Promise<HTMLElement> | null;
  stop: (() => void) | null;
  gone: boolean;
}

const { selectors } = WIDGET;
const EMAIL_ID = 'login-email';
/** How long the page's step waits for FirebaseUI's answer to its address before it stops waiting. */
export const HANDOVER_TIMEOUT_MS = 15_000;

/** A text to say, marked English only where the widget's own words are said on a page in another language. */
const said = (text: string, lang?: string): Said => ({ text, lang: lang === 'en' && document.documentElement.lang !== 'en' ? 'en' : undefined });

/**
 * The sign-in form: one step at a time, one email field at a time. The visitor starts on the
 * page's own email step, in the page's language and the site's look; FirebaseUI (the flow the
 * design names, English only) is loaded out of sight once they act on it, and answers that step's
 * address; its next step (the password, or a new account's name and password) then takes the
 * step's place, with the focus on its first field. Its messages are shown and said in the page's
 * language (widgetMessages.ts); one it gives on the email step is shown on the page's own field.
 * Going back in FirebaseUI (its Cancel) brings the page's email step back, with the address.
 */
export function SignInWidget() {
  const { t } = useTranslation('auth');
  const form = useRef<HTMLFormElement>(null);
  const emailField = () => form.current?.elements.namedItem('email') as HTMLInputElement | null | undefined;
  const slot = useRef<HTMLDivElement>(null);
  const widget = useRef<LoadedWidget | null>(null);
  const [phase, setPhase] = useState<Phase>('own');
  const shown = useRef(false);
  const [failed, setFailed] = useState(false);
  const { message, validate, revalidate, announcement: refusal } = useFormValidation({ email: t('login.emailLabel') });
  /** FirebaseUI's answer to the page's step, shown on its field. */
  const [refused, setRefused] = useState<Said | null>(null);
  const [saying, setSaying] = useState<Said>({ text: '' });

  const translate = useCallback<Translate>(
    (text) => {
      const key = widgetMessageKey(text);
      return key ? { text: t(`login.widgetMessages.${key}`) } : { text, lang: 'en' };
    },
    [t],
  );
  // A repeat is said again: a trailing no-break space changes the live region.
  const say = (next: Said) => setSaying((previous) => (previous.text === next.text ? { ...next, text: `${next.text}\u00a0` } : next));
  const sayRef = useRef(say);
  sayRef.current = say;
  const translateRef = useRef(translate);
  translateRef.current = translate;

  /** The container and its state, made on first need. */
  const ensureWidget = () => (widget.current ??= { root: document.createElement('div'), started: null, stop: null, gone: false });

  // FirebaseUI's container, in the form's region but out of sight (it cannot take the focus) until
  // it shows its next step: what its markup does not say (its errors, titles, toggle) is followed
  // from outside while it is in sight.
  useEffect(() => {
    const current = ensureWidget();
    const { root } = current;
    slot.current!.append(root);
    const stopFollowing = followWidget(
      root,
      (text, lang) => shown.current && sayRef.current(said(text, lang)),
      (text) => translateRef.current(text),
    );
    return () => {
      current.gone = true;
      current.stop?.();
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
        setFailed(false);
        await whenElement(current.root, `${selectors.email}, ${selectors.chooseEmail}`);
        return current.root;
      })
      .catch((error: unknown) => {
        // Said in an alert; the page's step stays, with what was typed, and the next act tries again.
        current.started = null;
        if (!current.gone) setFailed(true);
        throw error;
      });
    return current.started;
  }, []);

  // FirebaseUI back on its email step (its Cancel): the page's own step again, with the address.
  useEffect(() => {
    if (phase !== 'widget') return;
    const root = widget.current!.root;
    const observer = new MutationObserver(() => {
      if (!root.querySelector(selectors.emailStep)) return;
      const theirs = root.querySelector<HTMLInputElement>(selectors.email);
      const ours = emailField();
      if (theirs?.value && ours) ours.value = theirs.value;
      shown.current = false;
      flushSync(() => setPhase('own'));
      emailField()?.focus();
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [phase]);

  const loadOnIntent = () => void start().catch(() => {});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase === 'handing') return;
    setRefused(null);
    const values = validate(event.currentTarget);
    if (!values) {
      emailField()?.focus();
      return;
    }
    setPhase('handing');
    setFailed(false);
    const root = await start().catch(() => null);
    if (!root) {
      setPhase('own');
      return;
    }
    const answer = await Promise.race([carryEmailIntoWidget(root, values.email), new Promise<null>((resolve) => setTimeout(() => resolve(null), HANDOVER_TIMEOUT_MS))]);
    if (widget.current?.root !== root) return;
    if (answer === null) {
      // No next step, no message: FirebaseUI shows a step of its own (its own error page), which is
      // then shown; or it never answered, which is said, the address kept for the next try.
      if (!root.querySelector(selectors.emailStep) && root.querySelector('input, button')) {
        shown.current = true;
        flushSync(() => setPhase('widget'));
        root.querySelector<HTMLElement>('input, button')!.focus();
      } else {
        setFailed(true);
        setPhase('own');
        emailField()?.focus();
      }
      return;
    }
    if ('refused' in answer) {
      const translated = answer.translated ? { text: answer.refused } : translate(answer.refused);
      const answered = said(translated.text, translated.lang);
      setRefused(answered);
      say(answered);
      setPhase('own');
      emailField()?.focus();
      return;
    }
    shown.current = true;
    flushSync(() => setPhase('widget'));
    answer.next.focus();
  };

  return (
    <Frame aria-label={t('login.widgetLabel')}>
      {failed && <p role="alert">{t('login.widgetFailed')}</p>}
      <form ref={form} noValidate onSubmit={onSubmit} onFocus={loadOnIntent} onPointerEnter={loadOnIntent} hidden={phase === 'widget'}>
        <TextField
          id={EMAIL_ID}
          name="email"
          type="email"
          label={t('login.emailLabel')}
          autoComplete="username"
          pattern={EMAIL_PATTERN}
          required
          error={message('email') ?? (refused ? refused.text : undefined)}
          errorLang={message('email') ? undefined : refused?.lang}
          onValueChange={(control) => {
            setRefused(null);
            revalidate(control);
          }}
        />
        <Button type="submit">{t('login.submit')}</Button>
      </form>
      <p role="status">{phase === 'handing' ? t('login.widgetLoading') : ''}</p>
      <div lang="en" ref={slot} hidden={phase !== 'widget'} />
      <RefusalAnnouncement text={refusal} />
      <VisuallyHidden role="alert" lang={saying.lang}>
        {saying.text}
      </VisuallyHidden>
    </Frame>
  );
}
