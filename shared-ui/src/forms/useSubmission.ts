import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { withTimeLimit, type CallFailure, type CallResult } from '../api/callResult';
import { failureOf, ServiceCallFailure } from '../api/queryClient';

interface Sending {
  call: () => Promise<CallResult<unknown>>;
  form: HTMLFormElement;
  sentTo: string;
}

/**
 * A form's submission to the user service (a TanStack mutation): sending, then its outcome (for
 * FormStatus), under the time limit. A success clears the form; a failure keeps everything typed.
 */
export function useSubmission() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useMutation<string, unknown, Sending>({
    mutationFn: async ({ call, sentTo: to }) => {
      // Not aborted at the limit: the form's calls are safe to send again (an idempotency key, or
      // a subscription asked twice), and the answer of a late one changes nothing the user sees.
      const result = await withTimeLimit(() => call());
      if (!result.ok) throw new ServiceCallFailure(result.failure, result.code);
      return to;
    },
    onSuccess: (to, { form }) => {
      form.reset();
      setSentTo(to);
    },
  });
  const sending = mutation.isPending;
  const send = async <T>(form: HTMLFormElement, call: () => Promise<CallResult<T>>, to: string) => {
    if (sending) return; // one submission at a time: a second press while sending does nothing
    setSentTo(null);
    await mutation.mutateAsync({ call, form, sentTo: to }).catch(() => undefined);
  };
  const failure: CallFailure | null = mutation.isError ? failureOf(mutation.error).failure : null;
  const clear = () => {
    mutation.reset();
    setSentTo(null);
  };
  return { sending, sentTo: sending ? null : sentTo, failure, send, clear };
}
