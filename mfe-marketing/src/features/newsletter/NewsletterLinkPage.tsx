import { Button, Container, Link, PageHeading, requestFocusAfterNavigation, StatusMessage, useSearchParams, useTranslation, type CallResult } from '@site/shared-ui';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { followNewsletterLink } from '../../api/publicCalls';
import '../../i18n/register';

export type NewsletterLinkAction = 'confirm' | 'unsubscribe';

/** What went wrong, in the words the page has for it: a link that cannot work, or a service that may answer later. */
const LINK_PROBLEMS = ['link_invalid', 'link_expired', 'link_unknown'] as const;
type LinkProblem = (typeof LINK_PROBLEMS)[number];
type Transient = 'unavailable' | 'rate_limited';

type State =
  | { status: 'working'; attempt: number }
  | { status: 'done' }
  | { status: 'refused'; problem: LinkProblem }
  | { status: 'failed'; problem: Transient; attempt: number };

function outcome(result: CallResult<unknown>, attempt: number): State {
  if (result.ok) return { status: 'done' };
  if (result.failure === 'invalid') {
    const problem = LINK_PROBLEMS.find((code) => code === result.code) ?? 'link_invalid';
    return { status: 'refused', problem };
  }
  return { status: 'failed', problem: result.failure === 'rate_limited' ? 'rate_limited' : 'unavailable', attempt };
}

const Actions = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem 1.5rem;
  align-items: center;
  margin-top: 1.5rem;
  a { color: ${({ theme }) => theme.color.link}; }
`;

/**
 * A newsletter link followed from a mail (/newsletter-confirm, /newsletter-unsubscribe, with its
 * token in the address): the page acts on arrival and says the outcome, politely while it works
 * and once done (role=status), at once when it fails (role=alert). A link that cannot work says
 * why and leads to the form; a service that did not answer gets a retry, the focus staying on it.
 */
export function NewsletterLinkPage({ action }: { action: NewsletterLinkAction }) {
  const { t } = useTranslation('marketing');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { status: 'working', attempt: 0 } : { status: 'refused', problem: 'link_invalid' });
  const success = useRef<HTMLParagraphElement>(null);
  const problem = useRef<HTMLParagraphElement>(null);
  const retried = useRef(false);
  const running = state.status === 'working' ? state.attempt : null;

  // Arrival is from a mail, a first load (where the site otherwise leaves the focus to the
  // browser): the h1 takes it all the same, so that what is said next is the outcome below it.
  useLayoutEffect(() => requestFocusAfterNavigation(''), []);

  // Once per attempt: the first on arrival, then one for each retry.
  useEffect(() => {
    if (running === null) return;
    let cancelled = false;
    void followNewsletterLink(action, token).then((result) => {
      if (!cancelled) setState(outcome(result, running));
    });
    return () => {
      cancelled = true;
    };
  }, [action, token, running]);

  // After a retry that settled it, the retry button goes: the focus moves to the outcome, which is read out.
  useEffect(() => {
    if (!retried.current) return;
    if (state.status === 'done') success.current?.focus();
    if (state.status === 'refused') problem.current?.focus();
  }, [state.status]);

  const retry = () => {
    if (state.status !== 'failed') return;
    retried.current = true;
    setState({ status: 'working', attempt: state.attempt + 1 });
  };

  const texts = `newsletterLink.${action}` as const;
  const showRetry = state.status === 'failed' || (state.status === 'working' && state.attempt > 0);
  return (
    <Container>
      <PageHeading>{t(`${texts}.title`)}</PageHeading>
      <StatusMessage ref={success} role="status" $tone="success" tabIndex={-1}>
        {state.status === 'working' ? t(`${texts}.working`) : state.status === 'done' ? t(`${texts}.done`) : ''}
      </StatusMessage>
      <StatusMessage ref={problem} role="alert" $tone="danger" tabIndex={-1}>
        {state.status === 'refused' || state.status === 'failed' ? t(`newsletterLink.problem.${state.problem}`) : ''}
      </StatusMessage>
      <Actions>
        {showRetry && (
          <Button type="button" disabled={state.status === 'working'} onClick={retry}>
            {t('newsletterLink.retry')}
          </Button>
        )}
        {state.status === 'refused' && <Link to="/#newsletter">{t('newsletterLink.subscribeAgain')}</Link>}
        <Link to="/">{t('newsletterLink.home')}</Link>
      </Actions>
    </Container>
  );
}
