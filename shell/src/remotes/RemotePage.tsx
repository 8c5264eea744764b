import { MARKERS } from '@site/rendering/contract';
import { Button, Container, LoadingStatus, PageHeading, requestFocusAfterNavigation, useTranslation } from '@site/shared-ui';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { prefetchLikelyNextPagesWhenIdle } from '../navigation/prefetch';
import { loadPage, readyPage, type ExposedPage } from './federation';
import { RemoteLoadFailure, reportRemoteEvent } from './health';
import { measureVitalsOf } from './vitals';

/**
 * Tells the page's early-event script (@site/rendering's early-event script) that the page is React's now: what a
 * visitor did on the prerendered HTML before this is handed over. Mounted beside the page (and
 * in place of a page that failed), so it runs once the page's part has hydrated or rendered. (A
 * signed-in page's HTML, its loading status, is handed over once it has hydrated: @site/rendering's start.)
 */
function PageReady() {
  useEffect(() => {
    document.dispatchEvent(new Event(MARKERS.hydratedEvent));
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

/** Once its page has rendered (it mounts beside it), counts the view. */
function PageViewed({ countView }: { countView: () => void }) {
  useEffect(countView, [countView]);
  return null;
}

/** Once its page has shown (it mounts beside it), asks for the next likely pages' code. */
function PrefetchLikelyNextPages({ page }: { page: ExposedPage }) {
  useEffect(() => prefetchLikelyNextPagesWhenIdle(page), [page]);
  return null;
}

/** A page owned by a remote: fetched only when its route is visited, isolated by a boundary. */
export function RemotePage({ page }: { page: ExposedPage }) {
  const [attempt, setAttempt] = useState(0);
  // A page whose code has loaded is drawn at once (readyPage); any other is a lazy component, new
  // per attempt: React keeps a rejected lazy rejected forever.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `attempt` is what makes the new one
  const Page = useMemo(() => readyPage(page)?.default ?? lazy(() => loadPage(page, { atNavigation: true })), [page, attempt]);
  // One view per visit of the page, counted when it has an outcome (rendered, or failed to load or
  // render): a canary whose page always throws has views too, so its error rate is a share of them.
  const viewed = useRef(false);
  const failed = useRef(false);
  const countView = useCallback(() => {
    if (viewed.current) return;
    viewed.current = true;
    reportRemoteEvent(page.remote, 'view');
    measureVitalsOf(page.remote);
  }, [page]);
  // A failing remote (down, slow to fail, or throwing) never blanks the rest of the site; retry re-mounts it.
  return (
    <ErrorBoundary
      onError={(error, info) => {
        console.error('A remote failed to load or render', error, info.componentStack);
        countView();
        // One error at most per visit (React may report one failure more than once): the error
        // rate is the share of visits that failed. A load failure was counted by the loader, after its retry.
        if (failed.current) return;
        failed.current = true;
        if (!(error instanceof RemoteLoadFailure)) reportRemoteEvent(page.remote, 'render_error');
      }}
      onReset={() => {
        // Whichever h1 mounts next (the page, or this message again) takes focus from the button.
        requestFocusAfterNavigation('');
        setAttempt((n) => n + 1);
      }}
      fallbackRender={({ resetErrorBoundary }) => <RemoteUnavailable retry={resetErrorBoundary} />}
    >
      <Suspense
        fallback={
          <Container>
            <LoadingStatus />
          </Container>
        }
      >
        <Page />
        <PageViewed countView={countView} />
        <PrefetchLikelyNextPages page={page} />
        <PageReady />
      </Suspense>
    </ErrorBoundary>
  );
}
