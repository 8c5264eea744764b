import { useState } from 'react';
import type { CallFailure, CallResult } from '../api/callResult';

interface Submission {
  sending: boolean;
  /** What the success message names (the address written to), once a submission succeeded. */
  sentTo: string | null;
  failure: CallFailure | null;
}

const idle: Submission = { sending: false, sentTo: null, failure: null };

/**
 * A form's submission to the user service: sending, then its outcome (for FormStatus). A
 * success clears the form; a failure keeps everything typed.
 */
export function useSubmission() {
  const [state, setState] = useState<Submission>(idle);
  const send = async <T>(form: HTMLFormElement, call: () => Promise<CallResult<T>>, sentTo: string) => {
    if (state.sending) return; // one submission at a time: a second press while sending does nothing
    setState({ ...idle, sending: true });
    const result = await call();
    if (result.ok) form.reset();
    setState(result.ok ? { ...idle, sentTo } : { ...idle, failure: result.failure });
  };
  return { ...state, send, clear: () => setState(idle) };
}
