import { LoadingStatus, useTranslation, type CallState } from '@site/shared-ui';
import { useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { FailureWithRetry } from './FailureWithRetry';

/**
 * Its content's first margin stays inside: the box does not move when the answer replaces the
 * loading status (whose margin would otherwise push the box down, then let it up: a layout shift).
 */
const Box = styled.div`
  display: flow-root;
`;

/**
 * What a read from the user service shows until it has its answer: a loading status (saying so
 * when it is slow), or a translated failure with a retry. Never a blank panel. `what` names the
 * thing being read ("your subscription").
 */
export function CallOutcome<T>({ state, retry, what, children }: { state: CallState<T>; retry: () => void; what: string; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('account');
  const box = useRef<HTMLDivElement>(null);
  // One box throughout, so that focus moved here on retry stays while the answer replaces the message.
  return (
    <Box ref={box} tabIndex={-1}>
      {state.status === 'done' ? (
        children(state.data)
      ) : state.status === 'loading' ? (
        <LoadingStatus label={t(state.slow ? 'call.slow' : 'call.loading', { what })} />
      ) : (
        <FailureWithRetry
          message={t(`call.failed.${state.failure}`, { what })}
          onRetry={() => {
            // The button goes while the call runs again: focus stays here, not on the page's end.
            box.current?.focus();
            retry();
          }}
        />
      )}
    </Box>
  );
}
