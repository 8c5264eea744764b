import { Button, EMAIL_PATTERN, RefusalAnnouncement, TextField, useFormValidation, useTranslation, VisuallyHidden } from '@site/shared-ui';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { carryEmailIntoWidget, whenElement } from './carryEmail';
import { followWidget, type FollowedWidget, type Translate } from './widgetAccessibility';
import { WidgetFrame } from './WidgetFrame';
import { widgetMessageKey, type Said } from './widgetMessages';
import { widgetTextKey } from './widgetTexts';
import { WIDGET } from './widgetSettings';

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
 * design names, which ships English only) is loaded out of sight once they act on it, and answers
 * that step's address; its next step (the password, or a new account's name and password) then
 * takes the step's place, with the focus on its first field. Its texts are shown in the page's
 * language (widgetTexts.ts) and its messages shown and said so (widgetMessages.ts), in a container
 * marked with the page's language; a message it gives on the email step is shown on the page's own
 * field.
 * Going back in FirebaseUI (its Cancel) brings the page's email step back, with the address.
 */
export function SignInWidget() {
  const { t, i18n } = useTranslation('auth');
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
  const tRef = useRef(t);
  tRef.current = t;
  const following = useRef<FollowedWidget | null>(null);

  /** The container and its state, made on first need. */
  const ensureWidget = () => (widget.current ??= { root: document.createElement('div'), started: null, stop: null, gone: false });

  // FirebaseUI's container, in the form's region but out of sight (it cannot take the focus) until
  // it shows its next step: what its markup does not say (its errors, titles, toggle) is followed
  // from outside while it is in sight.
  useEffect(() => {
    const current = ensureWidget();
    const { root } = current;
    slot.current!.append(root);
    const followed = followWidget(
      root,
      (text, lang) => shown.current && sayRef.current(said(text, lang)),
      (text) => translateRef.current(text),
      {
        text: (english) => {
          const key = widgetTextKey(english);
          return key ? tRef.current(`login.widgetTexts.${key}`) : null;
        },
        toggle: () => tRef.current('login.widgetToggle'),
      },
    );
    following.current = followed;
    return () => {
      current.gone = true;
      current.stop?.();
      followed.stop();
      following.current = null;
      root.remove();
      if (widget.current === current) widget.current = null;
    };
  }, []);

  // The page changed language: the widget's texts (and a message it shows) follow.
  useEffect(() => following.current?.retranslate(), [i18n.language]);

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
    <WidgetFrame aria-label={t('login.widgetLabel')}>
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
      <div lang={i18n.language} ref={slot} hidden={phase !== 'widget'} />
      <RefusalAnnouncement text={refusal} />
      <VisuallyHidden role="alert" lang={saying.lang}>
        {saying.text}
      </VisuallyHidden>
    </WidgetFrame>
  );
}
