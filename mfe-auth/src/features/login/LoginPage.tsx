import {
  Button,
  Container,
  EMAIL_PATTERN,
  Link,
  LoadingStatus,
  loginReasonOf,
  Navigate,
  PageHeading,
  RefusalAnnouncement,
  startSession,
  TextField,
  Trans,
  useFormValidation,
  useLocation,
  useSession,
  useTranslation,
} from '@site/shared-ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import '../../i18n/register';
import { carryEmailIntoWidget } from './carryEmail';
import { SignInWidget, WidgetSpace, type SignInWidgetHandle } from './SignInWidget';

const Narrow = styled.div`
  max-width: 32rem;
  padding-bottom: 3rem;
`;

const Divider = styled.p`
  display: flex;
  align-items: center;
  gap: 1rem;
  margin-block: 1.5rem;
  color: ${({ theme }) => theme.color.textMuted};
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }
`;

/** Why the visitor was sent here, set apart from the introduction. */
const Reason = styled.p`
  margin: 0 0 1.5rem;
  padding: 1rem 1.25rem;
  border-inline-start: 6px solid ${({ theme }) => theme.color.highlight};
  background: ${({ theme }) => theme.color.surface};
  border-radius: 0.25rem;
`;

const Terms = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  a {
    color: ${({ theme }) => theme.color.link};
  }
`;

/**
 * /login: the page's own email field hands over to the FirebaseUI widget (loaded once the visitor
 * acts on either: SignInWidget). A signed-in visitor goes to /account at once; after a sign-in the
 * session registers the user, then the same rule takes them there. A visitor sent here (a guarded
 * page, a sign-out, an ended session, a deleted account) is told why in a status message, filled
 * after the page is drawn so that it is announced; focus stays on the page's h1, as on every page.
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const widget = useRef<SignInWidgetHandle>(null);
  const { message, validate, revalidate, announcement } = useFormValidation({ email: t('login.emailLabel') });
  const [carried, setCarried] = useState<string | null>(null);
  // The navigation's state says why; a full page load after a failed sign-out can say it only
  // in the address (?reason=).
  const location = useLocation();
  const sentBecause = loginReasonOf(location.state) ?? loginReasonOf({ reason: new URLSearchParams(location.search).get('reason') });
  const [reason, setReason] = useState<typeof sentBecause>(null);
  useEffect(() => setReason(sentBecause), [sentBecause]);

  useEffect(() => {
    void startSession();
  }, []);

  if (session.status === 'signedIn') return <Navigate to="/account" replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = validate(form);
    if (!values) {
      (form.elements.namedItem('email') as HTMLInputElement).focus();
      return;
    }
    if (!widget.current) return;
    setCarried(t('login.carried', { email: values.email }));
    // FirebaseUI, loaded now if the visitor's focus here has not already asked for it (a failure is
    // said by the widget itself).
    const container = await widget.current.start().catch(() => null);
    if (!container) {
      setCarried(null);
      return;
    }
    await carryEmailIntoWidget(container, values.email);
  };
  // A visitor in this form is about to sign in: the widget's script is loaded meanwhile.
  const loadWidget = () => void widget.current?.start().catch(() => {});

  return (
    <Container>
      <Narrow>
        <PageHeading>{t('login.title')}</PageHeading>
        <div role="status">{reason && <Reason>{t(`login.reasons.${reason}`)}</Reason>}</div>
        <p>{t('login.description')}</p>
        <form noValidate onSubmit={onSubmit} onFocus={loadWidget}>
          <TextField
            id="login-email"
            name="email"
            type="email"
            label={t('login.emailLabel')}
            autoComplete="email"
            pattern={EMAIL_PATTERN}
            required
            error={message('email')}
            onValueChange={revalidate}
          />
          <Button type="submit" disabled={session.status !== 'signedOut'}>
            {t('login.submit')}
          </Button>
          <p role="status">{carried ?? ''}</p>
          <RefusalAnnouncement text={announcement} />
        </form>
        <Divider>{t('login.or')}</Divider>
        {session.status === 'signedOut' ? (
          <SignInWidget ref={widget} />
        ) : (
          <WidgetSpace>
            <LoadingStatus label={t('login.widgetLoading')} />
          </WidgetSpace>
        )}
        <Terms>
          <Trans t={t} i18nKey="login.terms" components={{ faq: <Link to="/#faq" />, contact: <Link to="/contact" /> }} />
        </Terms>
      </Narrow>
    </Container>
  );
}
