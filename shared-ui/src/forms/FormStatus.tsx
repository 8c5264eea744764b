import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { CallFailure } from '../api/callResult';
import { Button } from '../primitives/Button';
import { VisuallyHidden } from '../primitives/VisuallyHidden';
import type { useSubmission } from './useSubmission';

/** An outcome in words, framed in its colour once it says something (a live region stays in place while empty). */
export const StatusMessage = styled.p<{ $tone: 'success' | 'danger' }>`
  margin: 1rem 0 0;
  font-weight: 600;
  color: ${({ theme, $tone }) => theme.color[$tone]};
  &:not(:empty) {
    padding: 0.75rem 1rem;
    border: 2px solid currentColor;
    border-radius: 0.5rem;
  }
`;

/**
 * The outcome of a submitted form, in live regions that are on the page from the start (so the
 * change is announced): the wait while it is sent and a success politely, a failure at once.
 */
export function FormStatus({ success, failure, pending }: { success?: string | null; failure?: CallFailure | null; pending?: string | false | null }) {
  const { t } = useTranslation('common');
  return (
    <>
      <StatusMessage role="status" $tone="success">
        {success || pending || ''}
      </StatusMessage>
      <StatusMessage role="alert" $tone="danger">
        {failure ? t(`forms.failure.${failure}`) : ''}
      </StatusMessage>
    </>
  );
}

/**
 * What a submission that was refused must correct, said at once: for a form of one field, whose
 * focus stays in that field (so a screen reader, hearing nothing new, would say nothing). Visually
 * hidden: the message is shown beside the field already.
 */
export function RefusalAnnouncement({ text }: { text: string }) {
  return <VisuallyHidden role="alert">{text}</VisuallyHidden>;
}

/**
 * A form's submit button and its FormStatus, driven by its useSubmission(): while the form is sent
 * the button says so and takes no second press, and the wait, then the outcome, are announced.
 */
export function SubmitWithStatus({
  submission,
  submit,
  sending,
  success,
}: {
  submission: Pick<ReturnType<typeof useSubmission>, 'sending' | 'sentTo' | 'failure'>;
  submit: string;
  sending: string;
  /** The success message, naming the address the answer goes to. */
  success: (sentTo: string) => string;
}) {
  return (
    <>
      <Button type="submit" disabled={submission.sending}>
        {submission.sending ? sending : submit}
      </Button>
      <FormStatus success={submission.sentTo && success(submission.sentTo)} failure={submission.failure} pending={submission.sending && sending} />
    </>
  );
}
