import { SIGNALS } from '@site/site-server/signals';
import { Button, Container, LoadingStatus, PageHeading, requestFocusAfterNavigation, useTranslation } from '@site/shared-ui';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { prefetchLikelyNextPagesWhenIdle } from '../navigation/prefetch';
import { loadPage, type ExposedPage } from './federation';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

/**
 * Tells the page's early-event script (site-server/src/browser/earlyEvents.js) that the page is React's now: what a
 * visitor did on the prerendered HTML before this is handed over. Mounted beside the page (and
 * in place of a page that failed), so it runs once the page's part has hydrated or rendered.
 */
function PageReady() {
  useEffect(() => {
    document.dispatchEvent(new Event(SIGNALS.hydratedEvent));
  }, []);
  return null;
}

function RemoteUnavailable({ retry }: { retry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Container>
      <PageHeading>{t('remoteError.title')}</PageHeading>
      <p>{t('remoteError.body')}</p>
      <Button type="button" onClick={retry}>
        {t('remoteError.retry')}
      </Button>
      <PageReady />
    </Container>
  );
}

/** Once its page has shown (it mounts beside it), asks for the next likely pages' code. */
function PrefetchLikelyNextPages({ page }: { page: ExposedPage }) {
  useEffect(() => prefetchLikelyNextPagesWhenIdle(page), [page]);
  return null;
}

/** A page owned by a remote: fetched only when its route is visited, isolated by a boundary. */
export function RemotePage({ page }: { page: ExposedPage }) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React keeps a rejected lazy rejected forever.
  const Page = useMemo(() => lazy(() => loadPage(page)), [page, attempt]);
  return (
    <RemoteErrorBoundary
      onRetry={() => {
        // Whichever h1 mounts next (the page, or this message again) takes focus from the button.
        requestFocusAfterNavigation('');
        setAttempt((n) => n + 1);
      }} fallback={(retry) => <RemoteUnavailable retry={retry} />}>
      <Suspense fallback={<Container><LoadingStatus /></Container>}>
        <Page />
        <PrefetchLikelyNextPages page={page} />
        <PageReady />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
